// An embed of a URL in a space (GET /spaces/{spaceId}/embed?url=…): the
// public document's `Embed` of type `link`, derived from the URL alone —
// nothing is fetched, so no request of Quire's reaches the address given (no
// SSRF to guard against) and the answer costs no outbound call. The title is
// the last segment of the path made readable, else the host name; `site` is the
// host name without a leading "www.".
import { badRequest } from '../../errors.js';

/** The longest URL taken (as for other URLs of the API). */
export const MAX_EMBED_URL_LENGTH = 2048;

export interface LinkEmbed {
  type: 'link';
  title: string;
  site: string;
}

/** The URL checked: absolute http(s), at most MAX_EMBED_URL_LENGTH characters, with a host (400 naming `url` otherwise). */
export function checkEmbedUrl(value: string): URL {
  if (value.length === 0) throw badRequest('is required', 'url');
  if (value.length > MAX_EMBED_URL_LENGTH) throw badRequest(`must be at most ${MAX_EMBED_URL_LENGTH} characters`, 'url');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw badRequest('must be an absolute http(s) URL', 'url');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) throw badRequest('must be an absolute http(s) URL', 'url');
  return url;
}

/** "getting-started_guide.html" → "getting started guide"; undefined when nothing readable is left. */
function readableSegment(segment: string): string | undefined {
  let text = segment;
  try {
    text = decodeURIComponent(segment);
  } catch {
    // Keep the segment as written when it is not validly percent-encoded.
  }
  const words = text
    .replace(/\.[a-z0-9]{1,5}$/i, '')
    .replace(/[-_+]+/g, ' ')
    .trim();
  return words || undefined;
}

export function linkEmbed(value: string): LinkEmbed {
  const url = checkEmbedUrl(value);
  const site = url.hostname.replace(/^www\./i, '');
  const segment = url.pathname.split('/').filter(Boolean).pop();
  const title = (segment && readableSegment(segment)) || site;
  return { type: 'link', title: title.slice(0, 256), site };
}

// Translation providers: what turns source texts into a target language. A run
// sends one page at a time (its title, description and the text nodes of its
// Markdown, in order) and expects as many texts back, in the same order.
//  - LibreTranslate (https://libretranslate.com, self-hostable): its HTTP API,
//    POST {url}/translate {q: [...], source, target, format: "text", api_key},
//    reached through the guarded outbound fetch helper (src/net/fetch.ts).
//  - Pseudo-localisation, built in: no translation at all, a deterministic
//    visible transform (Latin letters accented, each text bracketed ⟦…⟧) for
//    tests and offline use. It says so in its name, and the result can never be
//    mistaken for the source.
import { fetchOutbound, FetchError, type FetchPolicy } from '../../net/fetch.js';

export interface TranslationRequest {
  texts: string[];
  /** Public language codes (languages.ts). */
  source: string;
  target: string;
  /** The translation's instructions as plain text (providers that cannot use them ignore them). */
  instructions: string;
  signal: AbortSignal;
}

export interface TranslationProvider {
  /** Recorded on the translation after each run (`provider`). */
  name: string;
  translate(request: TranslationRequest): Promise<string[]>;
}

/** A provider failure that retrying will not cure (a refused key, an unsupported language). */
export class ProviderRejection extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const ACCENTED: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Ú',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/** The pseudo-localisation of one text: deterministic, and never equal to it. */
export const pseudoLocalize = (text: string) => `⟦${text.replace(/[A-Za-z]/g, (c) => ACCENTED[c])}⟧`;

export const pseudoLocalizer: TranslationProvider = {
  name: 'pseudo-localisation (built-in, not a translation)',
  async translate({ texts }) {
    return texts.map(pseudoLocalize);
  },
};

/** LibreTranslate's codes where they differ from the public API's. */
const LIBRETRANSLATE_CODES: Record<string, string> = { 'pt-br': 'pb', 'zh-tw': 'zt', no: 'nb' };
const libreCode = (code: string) => LIBRETRANSLATE_CODES[code] ?? code;

export function libreTranslate(options: { url: string; apiKey?: string; fetchPolicy: FetchPolicy }): TranslationProvider {
  const endpoint = new URL('translate', options.url.endsWith('/') ? options.url : `${options.url}/`).toString();
  return {
    name: `LibreTranslate (${new URL(options.url).host})`,
    async translate({ texts, source, target, signal }) {
      if (texts.length === 0) return [];
      const body = JSON.stringify({
        q: texts,
        source: libreCode(source),
        target: libreCode(target),
        format: 'text',
        ...(options.apiKey ? { api_key: options.apiKey } : {}),
      });
      let res: Awaited<ReturnType<typeof fetchOutbound>>;
      try {
        res = await fetchOutbound(endpoint, options.fetchPolicy, {
          method: 'POST',
          body,
          contentType: 'application/json',
          accept: 'application/json',
          signal,
        });
      } catch (err) {
        // 400 (unsupported language, bad input) and 403 (refused key) will not pass on a retry.
        if (err instanceof FetchError && err.code === 'HTTP_STATUS' && (err.status === 400 || err.status === 403))
          throw new ProviderRejection(`HTTP_${err.status}`, `LibreTranslate refused the request: ${err.message}`);
        throw err;
      }
      let answer: unknown;
      try {
        answer = JSON.parse(res.body.toString('utf8'));
      } catch {
        throw new Error('LibreTranslate answered something that is not JSON');
      }
      const translated = (answer as { translatedText?: unknown }).translatedText;
      if (!Array.isArray(translated) || translated.length !== texts.length || !translated.every((t) => typeof t === 'string')) {
        throw new Error(`LibreTranslate answered ${JSON.stringify(answer).slice(0, 200)}, not ${texts.length} translated texts`);
      }
      return translated as string[];
    },
  };
}

/** TRANSLATION_PROVIDER_URL (and TRANSLATION_PROVIDER_KEY): LibreTranslate; unset, the built-in pseudo-localisation. */
export function translationProviderFromEnv(env: Record<string, string | undefined>, fetchPolicy: FetchPolicy): TranslationProvider {
  const url = env.TRANSLATION_PROVIDER_URL?.trim();
  if (!url) return pseudoLocalizer;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`TRANSLATION_PROVIDER_URL must be an absolute http(s) URL (got "${url}")`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new Error(`TRANSLATION_PROVIDER_URL must be an absolute http(s) URL (got "${url}")`);
  return libreTranslate({ url, apiKey: env.TRANSLATION_PROVIDER_KEY || undefined, fetchPolicy });
}

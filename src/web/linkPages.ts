// The pages behind the `urls` links Quire emits, when their bases are Quire's
// own (`APP_URL` and `PUBLIC_URL` unset or pointing here):
// - `/app/…` (`urls.app`): Quire has no application; the page says what the
//   link names and how to read it through the API (nothing about the resource
//   is shown: the browser carries no token).
// - `/published/…` (`urls.published`): the space's or site's content, read-only,
//   for whoever may read it without a token (src/policy/published.ts); anything
//   else gets a page saying the content is not published here, never a bare 404.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { Urls } from '../context.js';
import { readPublishedSite, readPublishedSpace, type PublishedPage } from '../domain/published/service.js';
import { html, page, sendHtml, type Html } from '../http/html.js';

/** A path's segments, decoded; undefined when one is not validly percent-encoded. */
function segments(path: string): string[] | undefined {
  try {
    return path
      .split('/')
      .filter(Boolean)
      .map((p) => decodeURIComponent(p));
  } catch {
    return undefined;
  }
}

interface AppLink {
  kind: string;
  id: string;
  api: string;
  query: string;
}

/** The resource an app link names, by the shapes of src/domain/shared/urls.ts and src/domain/sites/addresses.ts. */
function appLink(path: string, urls: Urls): AppLink | undefined {
  const parts = segments(path) ?? [];
  const [kind, id, sub, siteId, extra] = parts;
  if (parts.length === 2 && kind === 'o')
    return { kind: 'organization', id, api: `${urls.api}/orgs/${id}`, query: `{ organization(id: "${id}") { id title } }` };
  if (parts.length === 2 && kind === 's')
    return {
      kind: 'space',
      id,
      api: `${urls.api}/spaces/${id}`,
      query: `{ space(id: "${id}") { id title visibility urls { published } } }`,
    };
  if (parts.length === 2 && kind === 'collections')
    return { kind: 'collection', id, api: `${urls.api}/collections/${id}`, query: `{ collection(id: "${id}") { id title } }` };
  if (kind === 'o' && sub === 'sites' && siteId && (parts.length === 4 || (parts.length === 5 && extra === 'preview'))) {
    return {
      kind: 'site',
      id: siteId,
      api: `${urls.api}/orgs/${id}/sites/${siteId}`,
      query: `{ node(id: "${siteId}") { id ... on Site { title urls { published } } } }`,
    };
  }
  return undefined;
}

const graphiqlLink = (publicUrl: string, query: string) => `${publicUrl}/graphql?query=${encodeURIComponent(query)}`;

function pagesHtml(pages: PublishedPage[]): Html {
  if (pages.length === 0) return html`<p class="muted">No pages yet.</p>`;
  return html`<nav><ul>${pages.map((p) => html`<li style="margin-left:${p.depth * 1.25}rem"><a href="#${p.id}">${p.title}</a></li>`)}</ul></nav>
${pages.map((p) => html`<section id="${p.id}"><h2>${p.title}</h2><p class="muted"><code>/${p.path}</code></p>${p.markdown ? html`<pre>${p.markdown}</pre>` : ''}</section>`)}`;
}

export function linkPages(prisma: PrismaClient, urls: Urls, publicUrl: string) {
  const notPublished = (what: string) =>
    page(
      'Not published here',
      html`<h1>Not published here</h1>
<p>Quire publishes no ${what} at this address: it does not exist, is not published, or is not open to readers without an account
(private, visitor-authenticated or in-collection content; a share-link needs its <code>?share=</code> key).</p>
<p>Members read everything through the API: <a href="${publicUrl}/">start here</a>.</p>`,
    );

  async function published(res: ServerResponse, path: string, query: URLSearchParams) {
    const share = query.get('share');
    const [kind, id] = segments(path) ?? [];
    if (kind === 's' && id) {
      const space = await readPublishedSpace(prisma, id, share);
      if (!space) return sendHtml(res, 404, notPublished('space'));
      return sendHtml(res, 200, page(space.title, html`<h1>${space.title}</h1>${pagesHtml(space.pages)}`));
    }
    if (kind === 'sites' && id) {
      const site = await readPublishedSite(prisma, id, share);
      if (!site) return sendHtml(res, 404, notPublished('site'));
      return sendHtml(
        res,
        200,
        page(
          site.title,
          html`<h1>${site.title}</h1>
${site.spaces.length === 0 ? html`<p class="muted">Nothing published yet.</p>` : ''}
${site.spaces.map((s) => html`<article><h1 id="${s.path}">${s.title}</h1>${pagesHtml(s.pages)}</article>`)}`,
        ),
      );
    }
    sendHtml(res, 404, notPublished('content'));
  }

  function app(res: ServerResponse, path: string) {
    const link = appLink(path, urls);
    if (!link) {
      return sendHtml(
        res,
        404,
        page(
          'Unknown link',
          html`<h1>Unknown link</h1>
<p>This is not a link Quire emits. Quire has no web application of its own; see <a href="${publicUrl}/">what it serves</a>.</p>`,
        ),
      );
    }
    sendHtml(
      res,
      200,
      page(
        `${link.kind} ${link.id}`,
        html`<h1>The ${link.kind} <code>${link.id}</code></h1>
<p>Quire is an API and has no web application of its own: its <code>urls.app</code> links land here unless
<code>APP_URL</code> names an application. Read this ${link.kind} with an API token:</p>
<pre>curl -H 'Authorization: Bearer &lt;token&gt;' ${link.api}</pre>
<p>or in <a href="${graphiqlLink(publicUrl, link.query)}">GraphiQL</a> with <code>${link.query}</code>.</p>`,
      ),
    );
  }

  /** Answers `/app/…` and `/published/…`; false for any other path. */
  return async function serveLinkPage(_req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<boolean> {
    const kind = linkPageOf(path);
    if (kind === '/published') await published(res, path.slice('/published'.length), query);
    else if (kind === '/app') app(res, path.slice('/app'.length));
    else return false;
    return true;
  };
}

/** The kind of link page at `path` (`/published` or `/app`), or undefined for any other path. */
export function linkPageOf(path: string): '/published' | '/app' | undefined {
  if (path.startsWith('/published/')) return '/published';
  if (path === '/app' || path.startsWith('/app/')) return '/app';
  return undefined;
}

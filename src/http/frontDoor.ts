// `GET /`: what this server is and where to go from here, as a page for
// browsers or JSON for `Accept: application/json`.
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { html, page, sendHtml, wantsJson } from './html.js';
import { sendJson } from './respond.js';

const { name, version, description } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  name: string;
  version: string;
  description: string;
};

export interface FrontDoorLinks {
  graphql: string;
  graphiql: string | null;
  docs: string;
  openapi: string;
  rest: string;
  healthz: string;
  readyz: string;
}

/** How a newcomer gets an API token: every API call but a few public reads needs one. */
export const GETTING_A_TOKEN =
  'On the machine running Quire: `npm run --silent demo` seeds a demo organization and prints an admin token; ' +
  '`npm run --silent cli -- bootstrap --org "<title>" --email <email>` creates an organization of your own and its admin\'s token. ' +
  'A member with a token creates more with GraphQL `createApiToken` (docs/tokens.md).';

export function frontDoor(publicUrl: string, options: { graphiql: boolean }) {
  const links: FrontDoorLinks = {
    graphql: `${publicUrl}/graphql`,
    graphiql: options.graphiql ? `${publicUrl}/graphql` : null,
    docs: `${publicUrl}/docs`,
    openapi: `${publicUrl}/v1/openapi.json`,
    rest: `${publicUrl}/v1`,
    healthz: `${publicUrl}/healthz`,
    readyz: `${publicUrl}/readyz`,
  };
  const document = page(
    `${name} ${version}`,
    html`<h1>Quire <span class="muted">${version}</span></h1>
<p>${description}</p>
<ul>
${links.graphiql ? html`<li><a href="${links.graphiql}">GraphiQL</a>: explore and query the graph (put your API token in the Authorization header).</li>` : ''}
<li><a href="${links.docs}">API reference</a> (<code>/docs</code>) and the OpenAPI document of the REST routes: <a href="${links.openapi}"><code>/v1/openapi.json</code></a></li>
<li>GraphQL endpoint: <code>POST ${links.graphql}</code> (subscriptions over graphql-ws or server-sent events on the same path)</li>
<li>REST: <code>${links.rest}/…</code>, e.g. <code>GET ${links.rest}/orgs</code> with <code>Authorization: Bearer &lt;token&gt;</code></li>
<li>Probes: <a href="${links.healthz}"><code>/healthz</code></a>, <a href="${links.readyz}"><code>/readyz</code></a></li>
</ul>
<h2>Getting a token</h2>
<p>On the machine running Quire: <code>npm run --silent demo</code> seeds a demo organization and prints an admin token;
<code>npm run --silent cli -- bootstrap --org "&lt;title&gt;" --email &lt;email&gt;</code> creates an organization of your own and its
admin's token. A member with a token creates more with the GraphQL mutation <code>createApiToken</code> (docs/tokens.md in the repository).
Send it as <code>Authorization: Bearer &lt;token&gt;</code>.</p>`,
  );

  return function serveFrontDoor(req: IncomingMessage, res: ServerResponse) {
    if (wantsJson(req.headers.accept)) return sendJson(res, 200, { name, version, description, links, gettingAToken: GETTING_A_TOKEN });
    sendHtml(res, 200, document);
  };
}

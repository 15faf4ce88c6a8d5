// Serves the generated OpenAPI document (GET /v1/openapi.json, no token) and
// the reference page for people (GET /docs): Scalar's standalone bundle from
// npm, served as a static asset of its own, so the page loads with no request
// leaving the machine.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GraphQLSchema } from 'graphql';
import type { RouteSpec } from '../rest/router.js';
import { buildOpenApiDocument } from './document.js';
import { quireVersion } from './version.js';

export const OPENAPI_PATH = '/v1/openapi.json';
export const DOCS_PATH = '/docs';
export const DOCS_BUNDLE_PATH = '/docs/assets/scalar-api-reference.js';

const require = createRequire(import.meta.url);
const bundleFile = require.resolve('@scalar/api-reference/browser/standalone.js');

/** The page loads only this origin's scripts; Scalar sets styles inline and reads the document from here. */
const docsPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "img-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** Scalar's settings: no fonts or services of its own (they would be fetched from its servers). */
const scalarConfiguration = {
  url: OPENAPI_PATH,
  withDefaultFonts: false,
  hideClientButton: true,
  telemetry: false,
  agent: { disabled: true },
  showDeveloperTools: 'never',
  showToolbar: 'never',
  metaData: { title: 'Quire REST API reference' },
};

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/</g, '&lt;');

const docsPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Quire REST API reference</title>
</head>
<body>
<noscript>The reference needs JavaScript; the document itself is at <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>.</noscript>
<script id="api-reference" data-url="${OPENAPI_PATH}" data-configuration='${escapeAttribute(JSON.stringify(scalarConfiguration))}'></script>
<script src="${DOCS_BUNDLE_PATH}"></script>
</body>
</html>
`;

type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

function send(res: ServerResponse, type: string, body: string | Buffer, headers: Record<string, string> = {}) {
  res.writeHead(200, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body), ...headers }).end(body);
}

/** Lazily computed once: the document is the same for the life of the process. */
function once<T>(make: () => T): () => T {
  let value: { v: T } | undefined;
  return () => (value ??= { v: make() }).v;
}

export function openApiPages(schema: GraphQLSchema, routes: RouteSpec[], serverUrl: string): Record<string, Handler> {
  const documentJson = once(() => JSON.stringify(buildOpenApiDocument(schema, routes, { serverUrl, version: quireVersion })));
  const bundle = once(() => readFile(bundleFile));
  return {
    [OPENAPI_PATH]: (_req, res) => send(res, 'application/json; charset=utf-8', documentJson()),
    [DOCS_PATH]: (_req, res) => send(res, 'text/html; charset=utf-8', docsPage, { 'Content-Security-Policy': docsPolicy }),
    [DOCS_BUNDLE_PATH]: async (_req, res) => send(res, 'text/javascript; charset=utf-8', await bundle()),
  };
}

// Serves the generated OpenAPI document (GET /v1/openapi.json, no token) and
// the reference page for people (GET /docs): Scalar's standalone bundle from
// npm (3.6 MB), served as a static asset of its own (src/http/staticAssets.ts:
// a content-hashed name, compressed once, cached for a year), so the page loads
// with no request leaving the machine. The page and the document are built and
// compressed once too, tagged, and revalidated by If-None-Match.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GraphQLSchema } from 'graphql';
import type { RouteSpec } from '../rest/router.js';
import { builtOnce, type StaticAssets } from '../http/staticAssets.js';
import { buildOpenApiDocument } from './document.js';
import { quireVersion } from './version.js';

export const OPENAPI_PATH = '/v1/openapi.json';
export const DOCS_PATH = '/docs';
/** The asset group (and file name) of Scalar's bundle under /assets. */
const DOCS_BUNDLE = 'scalar-api-reference';

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

const docsPage = (bundlePath: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Quire REST API reference</title>
</head>
<body>
<noscript>The reference needs JavaScript; the document itself is at <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>.</noscript>
<script id="api-reference" data-url="${OPENAPI_PATH}" data-configuration='${escapeAttribute(JSON.stringify(scalarConfiguration))}'></script>
<script src="${bundlePath}"></script>
</body>
</html>
`;

type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

const JS = 'text/javascript; charset=utf-8';

/** The document, the page and (under /assets, loaded on first use) the page's bundle. */
export function openApiPages(schema: GraphQLSchema, routes: RouteSpec[], serverUrl: string, assets: StaticAssets): Record<string, Handler> {
  let bundlePath: string | undefined;
  assets.addLazy(DOCS_BUNDLE, async () => void (bundlePath = assets.add(`${DOCS_BUNDLE}.js`, await readFile(bundleFile), JS)));
  return {
    [OPENAPI_PATH]: builtOnce(
      () => JSON.stringify(buildOpenApiDocument(schema, routes, { serverUrl, version: quireVersion })),
      'application/json; charset=utf-8',
    ),
    [DOCS_PATH]: builtOnce(
      async () => {
        await assets.ensureLoaded(DOCS_BUNDLE);
        return docsPage(bundlePath!);
      },
      'text/html; charset=utf-8',
      { 'Content-Security-Policy': docsPolicy },
    ),
  };
}

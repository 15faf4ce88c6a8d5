// GraphiQL as a small HTML page plus static assets (src/http/staticAssets.ts):
// the bundle, its styles and Monaco's three editor workers, taken from
// @graphql-yoga/render-graphiql (so nothing loads from a CDN) and served with
// content-hashed names and long-lived cache headers, instead of 9 MB of
// inline HTML on every load. The page carries only the options, as JSON data.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { StaticAssets } from '../http/staticAssets.js';

interface GraphiQLBundle {
  js: string;
  css: string;
  favicon: string;
  editorWorkerService: string;
  jsonWorker: string;
  graphqlWorker: string;
}

interface GraphiQLPaths {
  script: string;
  style: string;
  favicon: string;
}

/** The package exports only its inlining renderer; its bundle module sits beside it. */
async function loadBundle(): Promise<GraphiQLBundle> {
  const entry = createRequire(import.meta.url).resolve('@graphql-yoga/render-graphiql');
  const file = join(dirname(entry), '..', 'esm', 'graphiql.js');
  return (await import(pathToFileURL(file).href)) as GraphiQLBundle;
}

const JS = 'text/javascript; charset=utf-8';

/** Registers GraphiQL's files (on first use: the bundle weighs 9 MB) and answers the page's asset paths. */
export function graphiqlAssets(assets: StaticAssets) {
  let paths: GraphiQLPaths | undefined;
  assets.addLazy('graphiql', async () => {
    const bundle = await loadBundle();
    const workers = {
      editorWorkerService: assets.add('graphiql-editor-worker.js', bundle.editorWorkerService, JS),
      json: assets.add('graphiql-json-worker.js', bundle.jsonWorker, JS),
      graphql: assets.add('graphiql-graphql-worker.js', bundle.graphqlWorker, JS),
    };
    // Monaco must know where its workers are before the bundle runs; the page's options are data, not code.
    const script = [
      `self.MonacoEnvironment = { globalAPI: false, getWorkerUrl: (_id, label) => new URL(${JSON.stringify(workers)}[label], location.href).href };`,
      bundle.js,
      `;YogaGraphiQL.renderYogaGraphiQL(document.querySelector('#root'), JSON.parse(document.getElementById('graphiql-options').textContent));`,
    ].join('\n');
    const favicon = /^data:(image\/[\w.+-]+);base64,(.*)$/s.exec(bundle.favicon);
    paths = {
      script: assets.add('graphiql.js', script, JS),
      style: assets.add('graphiql.css', bundle.css, 'text/css; charset=utf-8'),
      favicon: favicon ? assets.add('graphiql-favicon.ico', Buffer.from(favicon[2], 'base64'), favicon[1]) : bundle.favicon,
    };
  });

  /** The page: links to the assets and the options as JSON (`<` escaped so no text can close the element). */
  return async function renderGraphiQL(options: Record<string, unknown> & { title?: string }) {
    await assets.ensureLoaded('graphiql');
    const { script, style, favicon } = paths!;
    const json = JSON.stringify(options).replace(/</g, '\\u003c');
    const title = (options.title ?? 'GraphiQL').replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
    return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${title}</title>
    <link rel="icon" href="${favicon}" />
    <link rel="stylesheet" href="${style}" />
  </head>
  <body id="body" class="no-focus-outline">
    <noscript>You need to enable JavaScript to run GraphiQL.</noscript>
    <div id="root"></div>
    <script type="application/json" id="graphiql-options">${json}</script>
    <script src="${script}"></script>
  </body>
</html>
`;
  };
}

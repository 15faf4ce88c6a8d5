// The layers of src/ (docs/architecture.md): doors → domain → base. A layer
// imports only the layers below it; type-only imports count too. Run by
// `npm run lint:layers` (part of `npm run check`).
const DOORS = '^src/(http|rest|graphql|web|jobs|cli|demo|openapi)/|^src/(app|main|serve|cli|demo)[.]ts$';
const DOMAIN = '^src/domain/';
const CLIENT = '^src/client/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'http-is-transport',
      severity: 'error',
      comment: 'src/http is the gate every request passes (limits, headers, metrics): it knows no rule of Quire. A door that calls the domain lives in web/, rest/ or graphql/.',
      from: { path: '^src/http/' },
      to: { path: DOMAIN },
    },
    {
      name: 'domain-imports-a-door',
      severity: 'error',
      comment: 'The domain answers no request and runs no job itself: doors (http, rest, graphql, jobs, cli) call the domain, never the reverse. Expose a plain function and call it from the door.',
      from: { path: DOMAIN },
      to: { path: DOORS },
    },
    {
      name: 'base-imports-an-upper-layer',
      severity: 'error',
      comment: 'Base modules (policy, db, storage, net, config, logging, limits, compute, json, queue, schema kit, context, errors, ids, clock …) import only other base modules.',
      from: { path: '^src/', pathNot: [DOORS, DOMAIN, CLIENT] },
      to: { path: [DOORS, DOMAIN] },
    },
    {
      name: 'client-is-standalone',
      severity: 'error',
      comment: 'src/client is the published client package: it imports nothing of the service, and the service does not import it.',
      from: { path: CLIENT },
      to: { path: '^src/', pathNot: [CLIENT, '^src/generated/operations[.]ts$'] },
    },
    {
      name: 'service-imports-the-client',
      severity: 'error',
      from: { path: '^src/', pathNot: CLIENT },
      to: { path: CLIENT },
    },
    {
      name: 'revisions-behind-its-facade',
      severity: 'error',
      comment: "The content store (src/domain/revisions) is reached through its facade, index.ts, and the area's usual schema.ts and loaders.ts: its objects, commits, merges and parses are its own business (docs/architecture.md).",
      from: { path: '^src/', pathNot: '^src/domain/revisions/' },
      to: { path: '^src/domain/revisions/', pathNot: '^src/domain/revisions/(index|schema|loaders)[.]ts$' },
    },
    {
      name: 'no-cycle-between-folders',
      severity: 'error',
      comment: 'A cycle through two top-level folders of src/ (or a top-level file and a folder), e.g. db → http → db.',
      from: { path: '^src/([^/]+)', pathNot: DOMAIN },
      to: { circular: true, viaSomeNot: '^src/$1(/|$)' },
    },
    {
      name: 'no-cycle-between-layers-or-folders',
      severity: 'error',
      comment: 'Folders of src/ in a loop, counting every import of the modules under them (e.g. http → domain/published → … → http). The domain areas among themselves are not counted yet (docs/architecture.md, "Known debt").',
      scope: 'folder',
      from: { path: '^src/[^/]+/?$', pathNot: '^src/domain/?$' },
      to: { circular: true },
    },
    {
      name: 'no-cycle-leaving-the-domain',
      severity: 'error',
      comment: 'A cycle from the domain through another layer. Cycles between domain areas are not counted yet (docs/architecture.md, "Known debt").',
      from: { path: DOMAIN },
      to: { circular: true, viaSomeNot: DOMAIN },
    },
  ],
  options: {
    includeOnly: '^src/',
    exclude: { path: '^src/generated/prisma/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // The ESM specifiers end in .js; resolve them to the .ts sources.
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs', '.cjs', '.json'] },
  },
};

// The edits scripts/prisma-patches.ts makes after `prisma generate` (postinstall) are in
// place: without them every Quire process holds about 20 MB more of Prisma's memory
// (bench/README.md, "Round three"), which no functional test would notice.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

describe("Prisma's client, as the install leaves it", () => {
  it('keeps the parameterization graph’s edges in Maps', () => {
    for (const file of ['@prisma/client/runtime/client.js', '@prisma/client/runtime/client.mjs']) {
      const runtime = readFileSync(require.resolve(file), 'utf8');
      expect(runtime).toContain('n.edges.get(i);if(o)return{flags');
      expect(runtime).not.toContain('n.edges[i];if(o)return{flags');
    }
  });

  it("reads the query compiler's WebAssembly as text instead of importing its module", () => {
    const client = readFileSync(new URL('../../src/generated/prisma/internal/class.ts', import.meta.url), 'utf8');
    expect(client).not.toMatch(/import\("@prisma\/client\/runtime\/query_compiler_\w+\.postgresql\.wasm-base64\.mjs"\)/);
    expect(client).toContain("text.slice(text.indexOf('\"') + 1, text.lastIndexOf('\"'))");
  });
});

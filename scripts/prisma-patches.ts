// Run by `postinstall`, after `prisma generate`: two edits that keep Prisma's client
// from holding memory it never reads again (bench/README.md, "Round three").
//
// 1. The parameterization graph. Prisma 7.10's client runtime reads a graph of every
//    query's input shapes (its plan cache uses it to tell a query's values from its
//    structure). It keeps each of the graph's 3,239 input nodes' edges in a plain
//    object keyed by a string-table index of up to about 1,060. V8 stores integer keys
//    as a holey array as long as the largest key, so the graph, 173 KB on disk, held
//    18 MB of every Quire process's heap. Here those edges become Maps (3 MB), read by
//    the same lookups (session 17).
// 2. The query compiler's WebAssembly. The generated client imports it as a module
//    exporting a 2.3 MB base64 string, decoded once; the module's text and the string
//    both stay in the heap for the life of the process (4.6 MB). Here the client reads
//    that module's file as text, decodes the string and lets both go (session 18).
//
// Idempotent. A file that holds neither the original text nor the patched one (another
// Prisma version) fails the install, so that the change is looked at again, not lost.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type Edit = [original: string, patched: string];

const paramGraph: Edit[] = [
  // Input nodes: built by the deserializer…
  [
    'let i=this.#i(),o={};for(let s=0;s<i;s++){let a=this.#i(),u=this.#a(),m=this.#o(),P=this.#o(),S={flags:this.#s()};u!==0&&(S.scalarMask=u),m!==void 0&&(S.childNodeId=m),P!==void 0&&(S.enumNameIndex=P),o[a]=S}',
    'let i=this.#i(),o=new Map;for(let s=0;s<i;s++){let a=this.#i(),u=this.#a(),m=this.#o(),P=this.#o(),S={flags:this.#s()};u!==0&&(S.scalarMask=u),m!==void 0&&(S.childNodeId=m),P!==void 0&&(S.enumNameIndex=P),o.set(a,S)}',
  ],
  // …and read by `inputEdge`.
  ['let o=n.edges[i];if(o)return{flags', 'let o=n.edges.get(i);if(o)return{flags'],
  // Output nodes, likewise, and `outputEdge`.
  [
    'let i=this.#i(),o={};for(let s=0;s<i;s++){let a=this.#i(),u=this.#o(),m=this.#o(),P={};u!==void 0&&(P.argsNodeId=u),m!==void 0&&(P.outputNodeId=m),o[a]=P}',
    'let i=this.#i(),o=new Map;for(let s=0;s<i;s++){let a=this.#i(),u=this.#o(),m=this.#o(),P={};u!==void 0&&(P.argsNodeId=u),m!==void 0&&(P.outputNodeId=m),o.set(a,P)}',
  ],
  ['let o=n.edges[i];if(o)return{argsNodeId', 'let o=n.edges.get(i);if(o)return{argsNodeId'],
];

const wasmModule = '@prisma/client/runtime/query_compiler_small_bg.postgresql.wasm-base64.mjs';
const compilerWasm: Edit[] = [
  [
    `    const { wasm } = await import("${wasmModule}")
    return await decodeBase64AsWasm(wasm)`,
    `    // Read as text and decoded, not imported: an imported module's text and string stay in the heap (scripts/prisma-patches.ts).
    const { readFile } = await import('node:fs/promises')
    const { createRequire } = await import('node:module')
    const text = await readFile(createRequire(import.meta.url).resolve("${wasmModule}"), 'utf8')
    return await decodeBase64AsWasm(text.slice(text.indexOf('"') + 1, text.lastIndexOf('"')))`,
  ],
];

const count = (text: string, part: string) => text.split(part).length - 1;

function patch(file: string, edits: Edit[], what: string) {
  let text = readFileSync(file, 'utf8');
  for (const [original, patched] of edits) {
    if (count(text, patched) === 1 && count(text, original) === 0) continue;
    if (count(text, original) !== 1) throw new Error(`${file}: ${what} is not where scripts/prisma-patches.ts expects it`);
    text = text.replace(original, patched);
  }
  writeFileSync(file, text);
}

const runtime = path.dirname(createRequire(import.meta.url).resolve('@prisma/client/runtime/client'));
for (const name of ['client.js', 'client.mjs']) patch(path.join(runtime, name), paramGraph, "Prisma's parameterization graph");
const generatedClient = fileURLToPath(new URL('../src/generated/prisma/internal/class.ts', import.meta.url));
patch(generatedClient, compilerWasm, "the query compiler's WebAssembly import");
console.log("prisma-patches: the parameterization graph keeps its edges in Maps; the compiler's WebAssembly is read as text");

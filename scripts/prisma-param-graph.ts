// Run by `postinstall`: makes Prisma's parameterization graph 6× smaller in memory.
//
// Prisma 7.10's client runtime reads a graph of every query's input shapes (its plan
// cache uses it to tell a query's values from its structure). It keeps each of the
// graph's 3,239 input nodes' edges in a plain object keyed by a string-table index
// of up to about 1,060. V8 stores integer keys as a holey array as long as the
// largest key, so the graph, 173 KB on disk, held 18 MB of every Quire process's
// heap: a third of what it keeps live at rest, and through the heap's growth factor
// twice that at the peak under load (bench/README.md, "Round three, session 17").
// Here those edges become Maps (3 MB), read by the same lookups; nothing else changes.
//
// Idempotent. A runtime that is neither the text below nor already patched (another
// Prisma version) fails the install, so that the change is looked at again, not lost.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const edits: [original: string, patched: string][] = [
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

const count = (text: string, part: string) => text.split(part).length - 1;

const runtime = path.dirname(createRequire(import.meta.url).resolve('@prisma/client/runtime/client'));
for (const file of ['client.js', 'client.mjs'].map((name) => path.join(runtime, name))) {
  let text = readFileSync(file, 'utf8');
  for (const [original, patched] of edits) {
    if (count(text, patched) === 1 && count(text, original) === 0) continue;
    if (count(text, original) !== 1) {
      throw new Error(`${file}: Prisma's parameterization graph is not where scripts/prisma-param-graph.ts expects it`);
    }
    text = text.replace(original, patched);
  }
  writeFileSync(file, text);
}
console.log("prisma-param-graph: Prisma's parameterization graph keeps its edges in Maps");

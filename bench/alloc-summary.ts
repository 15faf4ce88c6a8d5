// Summarises sampled allocation profiles (BENCH_PROFILE=alloc, bench/alloc-profile.mjs): each
// function's share of the bytes allocated, by itself and beneath it.
// `npx tsx bench/alloc-summary.ts <file.heapprofile>... [--top N]`
import { readFile } from 'node:fs/promises';

interface SampledNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SampledNode[];
}

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args.splice(topAt, 2)[1]) : 30;
if (!args.length) throw new Error('usage: alloc-summary.ts <file.heapprofile>... [--top N]');

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
const nameOf = ({ functionName, url, lineNumber }: SampledNode['callFrame']) =>
  `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules|dist)\//, '$1/')}:${lineNumber + 1}`;

function walk(node: SampledNode, above: ReadonlySet<string>) {
  const name = nameOf(node.callFrame);
  total += node.selfSize;
  self.set(name, (self.get(name) ?? 0) + node.selfSize);
  // A recursive function counts once beneath itself.
  const path = above.has(name) ? above : new Set([...above, name]);
  for (const each of path) inclusive.set(each, (inclusive.get(each) ?? 0) + node.selfSize);
  for (const child of node.children) walk(child, path);
}

for (const file of args) walk((JSON.parse(await readFile(file, 'utf8')) as { head: SampledNode }).head, new Set());
const rows = (by: Map<string, number>) =>
  [...by]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, bytes]) => `${((bytes / total) * 100).toFixed(1).padStart(5)} %  ${name}`)
    .join('\n');
console.log(`${(total / 1e6).toFixed(1)} MB sampled\n\nby itself:\n${rows(self)}\n\nbeneath it:\n${rows(inclusive)}`);

// Parse time of the worst Markdown the content limits let through (src/limits/content.ts),
// beside ordinary prose of the same length: what one page write may cost the event loop.
//   npx tsx bench/markdown-limits.ts
import { markdownShape, markdownToDocument } from '../src/domain/content/markdown/index.js';
import { defaultContentLimits as limits } from '../src/limits/content.js';

const size = limits.maxPageChars;
const fill = (block: string) => Array.from({ length: Math.floor(size / (block.length + 2)) }, () => block).join('\n\n');
const half = limits.maxMarkdownDelimiters / 2;
const nestedList = Array.from({ length: limits.maxMarkdownNesting }, (_, i) => `${'  '.repeat(i)}- item`).join('\n');

const inputs: Record<string, string> = {
  prose: fill('Some *emphasis*, **strong** text, a [link](https://example.com) and `code`, in a sentence of ordinary length.'),
  'emphasis a* (limit per block)': fill('a*'.repeat(limits.maxMarkdownDelimiters)),
  'mixed *_ (limit per block)': fill('*_'.repeat(half)),
  'link brackets [ (limit per block)': fill('['.repeat(limits.maxMarkdownDelimiters)),
  'brackets [] pairs (limit per block)': fill('[]('.repeat(half)),
  'nested lists (nesting limit)': fill(nestedList),
  'nested quotes (nesting limit)': fill(`${'> '.repeat(limits.maxMarkdownNesting)}quoted`),
  'list markers on one line (nesting limit)': fill(`${'- '.repeat(limits.maxMarkdownNesting)}a`),
};

markdownToDocument('warm *up* [x](y)');
for (const [name, markdown] of Object.entries(inputs)) {
  const shape = markdownShape(markdown);
  if (shape.nesting > limits.maxMarkdownNesting || shape.delimiters > limits.maxMarkdownDelimiters)
    throw new Error(`${name} is past the limits`);
  const start = performance.now();
  markdownToDocument(markdown);
  console.log(`${name.padEnd(42)} ${String(markdown.length).padStart(7)} chars  ${Math.round(performance.now() - start)} ms`);
}

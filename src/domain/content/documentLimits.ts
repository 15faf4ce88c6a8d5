// The size limits of a rich-text document (JSON) a user writes: nesting depth
// and node count, walked with an explicit stack so that a deep tree is
// rejected with 400 instead of overflowing the call stack.
import { badRequest } from '../../errors.js';
import type { ContentLimits } from '../../limits/content.js';

/** Throws 400 on `field` when `value` nests deeper than the document depth limit or holds more nodes than the node limit. */
export function checkDocumentSize(value: unknown, field: string, limits: ContentLimits) {
  const stack: [unknown, number][] = [[value, 1]];
  let nodes = 0;
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth > limits.maxDocumentDepth) throw badRequest(`nests more than ${limits.maxDocumentDepth} levels deep (the document depth limit)`, field);
    if (++nodes > limits.maxDocumentNodes) throw badRequest(`holds more than ${limits.maxDocumentNodes} objects and arrays (the document node limit)`, field);
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1]);
  }
}

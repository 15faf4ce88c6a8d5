// The size limits of a rich-text document (JSON) a user writes: nesting depth
// and node count, walked with an explicit stack so that a deep tree is
// rejected with 400 instead of overflowing the call stack. Dangerous link
// targets are neutralised before it is stored.
import { badRequest } from '../../errors.js';
import type { ContentLimits } from '../../limits/content.js';
import { isDangerousUrl, NEUTRAL_URL } from './markdown/index.js';

/** Throws 400 on `field` when `value` nests deeper than the document depth limit or holds more nodes than the node limit. */
export function checkDocumentSize(value: unknown, field: string, limits: ContentLimits) {
  const stack: [unknown, number][] = [[value, 1]];
  let nodes = 0;
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth > limits.maxDocumentDepth)
      throw badRequest(`nests more than ${limits.maxDocumentDepth} levels deep (the document depth limit)`, field);
    if (++nodes > limits.maxDocumentNodes)
      throw badRequest(`holds more than ${limits.maxDocumentNodes} objects and arrays (the document node limit)`, field);
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1]);
  }
}

const LINK_FIELDS = new Set(['url', 'href', 'src']);

/** Replaces every dangerous link or image target (`javascript:`, `vbscript:`, `data:`) of a document with a neutral one, in place. */
export function neutraliseDocumentUrls(value: unknown) {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item !== 'object' || item === null) continue;
    const record = item as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const child = record[key];
      if (typeof child === 'string' && LINK_FIELDS.has(key) && isDangerousUrl(child)) record[key] = NEUTRAL_URL;
      else stack.push(child);
    }
  }
}

// What makes Markdown slow to parse, measured before parsing it: micromark's
// cost grows with the square of the nesting of block quotes and lists
// (`- - - - …`, `> > > …`: every line re-enters each open container), and
// with the square of the emphasis and link delimiters one block holds (each
// closing `*`, `_`, `~` or `]` looks back over the openers before it), and
// faster than the square of the number of block quotes a document opens
// (measured: 1,000 one-line quotes 0.5 s, 2,000 5 s, 4,000 39 s). All three are
// counted here in one linear pass, so limits reject such input before the
// parser sees it; what passes them parses in time linear in its length.

export interface MarkdownShape {
  /** Deepest container nesting of any line (block quote markers, list markers, indentation / 2). */
  nesting: number;
  /** Most delimiter characters in one block (consecutive non-blank lines outside fenced code). */
  delimiters: number;
  /** Block quotes opened (a line with more `>` markers than the line before opens as many). */
  quotes: number;
}

const FENCE = /^(`{3,}|~{3,})/;
const THEMATIC_BREAK = /^([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const LIST_MARKER = /^(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$)/;
const DELIMITERS = new Set(['*', '_', '~', '[', ']']);

/**
 * The container prefix of a line: how deep it nests, and where its content
 * starts. Each marker is a level; so are every two columns of indentation
 * (a list item's content sits at least two columns in), except the one space
 * a marker takes after it.
 */
function containerPrefix(line: string): { depth: number; quotes: number; rest: string } {
  let markers = 0;
  let quotes = 0;
  let indent = 0;
  let run = 0;
  let listed = false;
  const endRun = () => {
    indent += markers === 0 ? run : Math.max(0, run - 1);
    run = 0;
  };
  let i = 0;
  for (;;) {
    const c = line[i];
    if (c === ' ') (run += 1), i++;
    else if (c === '\t') (run += 4), i++;
    else if (c === '>') endRun(), markers++, quotes++, i++;
    else {
      const marker = LIST_MARKER.exec(line.slice(i, i + 11));
      if (!marker) break;
      // A line of `* * *` is a thematic break, not three list items (tested once: linear in the line).
      if (!listed && THEMATIC_BREAK.test(line.slice(i))) break;
      listed = true;
      endRun();
      markers++;
      i += marker[0].length;
    }
  }
  endRun();
  const rest = line.slice(i);
  // Indentation nests only lines with content.
  return { depth: markers + (rest.trim() === '' ? 0 : Math.floor(indent / 2)), quotes, rest };
}

function delimiterCount(text: string): number {
  let count = 0;
  for (const c of text) if (DELIMITERS.has(c)) count++;
  return count;
}

/**
 * The shape of `markdown`. Counting stops early once `stopAt` is passed on
 * either measure (the caller only needs to know the limit is exceeded).
 */
export function markdownShape(markdown: string, stopAt: Partial<MarkdownShape> = {}): MarkdownShape {
  const shape: MarkdownShape = { nesting: 0, delimiters: 0, quotes: 0 };
  let fence: string | null = null;
  let block = 0;
  let openQuotes = 0;
  for (const line of markdown.split(/\r\n|\r|\n/)) {
    const { depth, quotes, rest } = containerPrefix(line);
    const opener = FENCE.exec(rest)?.[1];
    if (fence !== null) {
      // Code is not parsed for containers nor delimiters; only its closing fence matters.
      if (opener && opener[0] === fence[0] && opener.length >= fence.length && rest.trim() === opener) fence = null;
      continue;
    }
    shape.nesting = Math.max(shape.nesting, depth);
    shape.quotes += Math.max(0, quotes - openQuotes);
    openQuotes = quotes;
    if (opener) {
      fence = opener;
      block = 0;
    } else if (rest.trim() === '') block = 0;
    else {
      block += delimiterCount(rest);
      shape.delimiters = Math.max(shape.delimiters, block);
    }
    if (
      shape.nesting > (stopAt.nesting ?? Infinity) ||
      shape.delimiters > (stopAt.delimiters ?? Infinity) ||
      shape.quotes > (stopAt.quotes ?? Infinity)
    )
      break;
  }
  return shape;
}

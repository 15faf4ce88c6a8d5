// Bounds on what users write (issue #26), the parts that need no server: the
// shape measured before any parse, rendering that drops dangerous URLs, the
// limits read from the environment. The 400s they give: test/content/content-limits.test.ts.
import { describe, expect, it } from 'vitest';
import { markdownShape, markdownToDocument } from '../../../src/domain/content/markdown/index.js';
import { defaultContentLimits } from '../../../src/limits/content.js';
import { settingsFromEnv } from '../../../src/config/settings.js';

const nestedList = (depth: number) => Array.from({ length: depth }, (_, i) => `${'  '.repeat(i)}- item`).join('\n');
const nestedQuote = (depth: number) => `${'> '.repeat(depth)}quoted`;

describe('markdownShape', () => {
  it('measures container nesting from markers and indentation', () => {
    expect(markdownShape('plain text').nesting).toBe(0);
    expect(markdownShape(nestedList(5)).nesting).toBe(5);
    expect(markdownShape(nestedQuote(7)).nesting).toBe(7);
    expect(markdownShape(`${'- '.repeat(100)}a`).nesting).toBe(100);
    expect(markdownShape('> - 1. deep').nesting).toBe(3);
  });

  it('counts delimiters per block, resets at blank lines, and skips fenced code and thematic breaks', () => {
    expect(markdownShape('*a* and [b](c)').delimiters).toBe(4);
    expect(markdownShape('*a*\n**b**\n\n_c_').delimiters).toBe(6);
    expect(markdownShape(`\`\`\`\n${'[*_'.repeat(1000)}\n${'        - '.repeat(50)}\n\`\`\`\ntext`).delimiters).toBe(0);
    expect(markdownShape(`\`\`\`\n${'        - '.repeat(50)}x\n\`\`\``).nesting).toBe(0);
    expect(markdownShape('* * * * * * * * * * * *').nesting).toBe(0);
    expect(markdownShape('*'.repeat(8000)).delimiters).toBe(8000);
  });

  it('counts the block quotes a body opens', () => {
    expect(markdownShape('> one\n> quote\n>\n> still').quotes).toBe(1);
    expect(markdownShape('> a\n\n> b\n\n> > c').quotes).toBe(4);
    expect(markdownShape(Array(300).fill('> q').join('\n\n')).quotes).toBe(300);
  });
});

describe('dangerous URLs', () => {
  it('never reach a rendered document: links keep their text, images are dropped', () => {
    const doc = markdownToDocument(
      '[safe](https://example.com) [click](javascript:alert(1)) [v](VBScript:x) [t](java\tscript:x) ![i](data:image/svg+xml,<svg>) ![ok](logo.png)',
    );
    const json = JSON.stringify(doc);
    expect(json).not.toMatch(/javascript|vbscript|data:/i);
    expect(json).toContain('https://example.com');
    expect(json).toContain('logo.png');
    expect(json).toContain('"text":"click"');
  });
});

describe('content limits from the environment', () => {
  it('reads each variable, keeps the defaults when unset, and refuses bad values naming them', () => {
    expect(settingsFromEnv({}).content).toEqual(defaultContentLimits);
    const set = settingsFromEnv({
      MARKDOWN_MAX_PAGE_CHARS: '1000',
      MARKDOWN_MAX_COMMENT_CHARS: '10',
      MARKDOWN_MAX_NESTING: '4',
      MARKDOWN_MAX_DELIMITERS: '8',
      MARKDOWN_MAX_QUOTES: '2',
      DOCUMENT_MAX_DEPTH: '5',
      DOCUMENT_MAX_NODES: '6',
    });
    expect(set.content).toEqual({
      maxPageChars: 1000,
      maxCommentChars: 10,
      maxMarkdownNesting: 4,
      maxMarkdownDelimiters: 8,
      maxMarkdownQuotes: 2,
      maxDocumentDepth: 5,
      maxDocumentNodes: 6,
    });
    expect(() => settingsFromEnv({ MARKDOWN_MAX_NESTING: '0' })).toThrow(/MARKDOWN_MAX_NESTING/);
  });
});

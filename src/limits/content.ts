// Bounds on what users write: Markdown page and comment bodies, and rich-text
// document trees. Parsing and walking what passes them stays small and bounded
// (docs/configuration.md, "Content limits", gives each default and its reason).

export interface ContentLimits {
  /** Longest page body (Markdown), in characters. */
  maxPageChars: number;
  /** Longest comment or reply body (Markdown), in characters. */
  maxCommentChars: number;
  /** Deepest nesting of block quotes and lists in Markdown. */
  maxMarkdownNesting: number;
  /** Most emphasis and link delimiters (`*`, `_`, `~`, `[`, `]`) in one Markdown block (paragraph, heading, table). */
  maxMarkdownDelimiters: number;
  /** Most block quotes one Markdown body opens. */
  maxMarkdownQuotes: number;
  /** Deepest nesting of objects and arrays in a rich-text document (JSON). */
  maxDocumentDepth: number;
  /** Most nodes (objects and arrays) in a rich-text document (JSON). */
  maxDocumentNodes: number;
}

export const defaultContentLimits: ContentLimits = {
  maxPageChars: 100_000,
  maxCommentChars: 100_000,
  maxMarkdownNesting: 16,
  maxMarkdownDelimiters: 256,
  maxMarkdownQuotes: 200,
  maxDocumentDepth: 64,
  maxDocumentNodes: 20_000,
};

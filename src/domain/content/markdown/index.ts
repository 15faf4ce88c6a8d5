// The Markdown toolkit of content: one parser (parse.ts), and what is read off
// its tree. Import from here.
export { parseMarkdown, type Root } from './parse.js';
export { markdownToDocument, type RichTextDocument, type BlockNode } from './document.js';
export { markdownSections, markdownPlainText, type Section } from './sections.js';
export { markdownReferences, markdownMentions, type MarkdownReference } from './references.js';
export { serializeMarkdown } from './serialize.js';
export { markdownToDocumentOffLoop, markdownReferencesOffLoop } from './offLoop.js';
export { checkMarkdown } from './limits.js';
export { markdownShape, type MarkdownShape } from './shape.js';
export { isDangerousUrl, NEUTRAL_URL } from './urls.js';

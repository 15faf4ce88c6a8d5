// Link and image targets that run code or smuggle content where a reader
// clicks (`javascript:`, `vbscript:`, `data:`) are never handed on: renderers
// drop them, and documents written with them are neutralised.

// Browsers ignore ASCII whitespace and control characters inside a scheme
// (`java\tscript:`), and schemes are case-insensitive.
const IGNORED = /[\u0000-\u0020\u007f]/g;
const DANGEROUS = /^(?:javascript|vbscript|data):/;

/** True when `url` would run script or carry inline content once followed. */
export const isDangerousUrl = (url: string) => DANGEROUS.test(url.replace(IGNORED, '').toLowerCase());

/** What a dangerous URL becomes in a stored document: a target that goes nowhere (RFC 6694). */
export const NEUTRAL_URL = 'about:blank';

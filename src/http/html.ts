// Small server-rendered HTML pages (the front door, the pages behind `urls`
// links): one layout, escaped text, no script, styles inline (their policy
// in securityHeaders.ts allows nothing else).
import type { ServerResponse } from 'node:http';

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Tagged template that escapes every interpolated value unless it is already `Html`. */
export class Html {
  constructor(readonly text: string) {}
  toString() {
    return this.text;
  }
}
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  const part = (value: unknown): string =>
    value instanceof Html
      ? value.text
      : Array.isArray(value)
        ? value.map(part).join('')
        : value == null || value === false
          ? ''
          : escapeHtml(String(value));
  return new Html(strings.reduce((out, s, i) => out + s + (i < values.length ? part(values[i]) : ''), ''));
}

const style = `body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1b1f24}
a{color:#0b57d0}code,pre{font:14px ui-monospace,monospace;background:#f3f4f6;border-radius:4px}code{padding:0 .2em}
pre{padding:.75rem;overflow:auto;white-space:pre-wrap}h1{font-size:1.6rem}.muted{color:#57606a}`;

export function page(title: string, body: Html): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${style}</style></head>
<body>${body.text}</body></html>
`;
}

export function sendHtml(res: ServerResponse, status: number, document: string) {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(document),
    'Cache-Control': 'no-cache',
  });
  res.end(document);
}

/** True when the client asks for JSON rather than a page (`Accept: application/json` without text/html). */
export const wantsJson = (accept: string | undefined) => !!accept && /application\/json/.test(accept) && !/text\/html/.test(accept);

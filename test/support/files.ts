// File uploads as a client sends them: GraphQL multipart requests
// (https://github.com/jaydenseric/graphql-multipart-request-spec) to /graphql.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TestApp } from './app.js';
import type { HttpResult } from './http.js';

export const UPLOAD_FILE = `mutation Upload($input: UploadFileInput!) {
  uploadFile(input: $input) { revision file { id name contentType size dimensions { width height } downloadURL } changeRequest { id revision } }
}`;

export interface UploadOptions {
  spaceId: string;
  changeRequestId?: string;
  name?: string;
  /** The part's file name. */
  fileName?: string;
  /** The part's declared media type. */
  type?: string;
  data: Buffer | string;
}

/** The multipart body of an uploadFile mutation. */
export function uploadForm({ data, fileName = 'file.bin', type = 'application/octet-stream', ...input }: UploadOptions) {
  const form = new FormData();
  form.set('operations', JSON.stringify({ query: UPLOAD_FILE, variables: { input: { ...input, file: null } } }));
  form.set('map', JSON.stringify({ 0: ['variables.input.file'] }));
  form.set('0', new Blob([typeof data === 'string' ? data : new Uint8Array(data)], { type }), fileName);
  return form;
}

/** Uploads a file through GraphQL multipart; answers the HTTP result (GraphQL body). */
export async function upload(app: TestApp, token: string | undefined, options: UploadOptions): Promise<HttpResult> {
  const res = await fetch(`${app.baseUrl}/graphql`, {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    body: uploadForm(options),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, headers: res.headers };
}

/** Uploads and answers the new file (fails the test on any error). */
export async function uploadOk(app: TestApp, token: string, options: UploadOptions) {
  const res = await upload(app, token, options);
  if (res.body?.errors || !res.body?.data) throw new Error(`upload failed (${res.status}): ${JSON.stringify(res.body)}`);
  return res.body.data.uploadFile as {
    revision: string;
    file: {
      id: string;
      name: string;
      contentType: string;
      size: number;
      dimensions: { width: number; height: number } | null;
      downloadURL: string;
    };
  };
}

/** A 3×2 PNG (image-size reads its header). */
export const tinyPng = () =>
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAYAAACddGYaAAAAEklEQVR42mP8z8DwnwEJMKJxABSlAf8BUbM7AAAAAElFTkSuQmCC', 'base64');

/** Fetches a signed file URL from the test server (URLs name the public address). */
export async function download(app: TestApp, url: string) {
  const { pathname, search } = new URL(url);
  return fetch(`${app.baseUrl}${pathname}${search}`);
}

/** An upload to fire with `race` (test/support/concurrency.ts). */
export async function uploadCall(token: string, options: UploadOptions) {
  const encoded = new Response(uploadForm(options));
  return {
    method: 'POST',
    path: '/graphql',
    token,
    raw: { data: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! },
  };
}

// pdf.js reads the standard fonts' metrics from its own package folder.
const standardFontDataUrl = `${dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

/** The text of each sheet of a PDF, parsed back with pdf.js. */
export async function pdfSheets(data: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data, useSystemFonts: false, standardFontDataUrl, isEvalSupported: false }).promise;
  const sheets: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    sheets.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  return sheets;
}

// The PDF renderer (src/domain/content/markdown/pdf.ts), checked by parsing
// its output back with pdf.js: sheets, text and link annotations.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { renderPdf } from '../../../src/domain/content/markdown/pdf.js';

// pdf.js reads the standard fonts' metrics from its own package folder.
const standardFontDataUrl = `${dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

async function readPdf(data: Buffer) {
  const pdf = await getDocument({ data: new Uint8Array(data), useSystemFonts: false, standardFontDataUrl, isEvalSupported: false }).promise;
  const sheets: { text: string; links: string[] }[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    const annotations = await page.getAnnotations();
    sheets.push({
      text: content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
      links: annotations.filter((a) => a.subtype === 'Link').map((a) => a.url as string),
    });
  }
  return { info: (await pdf.getMetadata()).info as Record<string, unknown>, sheets };
}

describe('renderPdf', () => {
  it('renders each page on its own sheet with headings, paragraphs, lists, code, quotes, tables and links', async () => {
    const pdf = await renderPdf(
      [
        {
          title: 'Getting started',
          markdown:
            '# Install\n\nRun **the installer** and read [the docs](https://docs.example.com/start).\n\n- first step\n- second step\n\n1. one\n2. two\n\n- [x] done task\n\n```sh\nnpm install quire\n```\n\n> A quoted remark\n\n| Key | Value |\n| --- | --- |\n| port | 4000 |\n\n---\n\n![diagram](d.png)',
        },
        { title: 'Reference', markdown: '## API\n\nThe `GET /v1/spaces` route.' },
      ],
      { title: 'Acme docs' },
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { info, sheets } = await readPdf(pdf);
    expect(info.Title).toBe('Acme docs');
    expect(sheets).toHaveLength(2);
    const [first, second] = sheets as [{ text: string; links: string[] }, { text: string; links: string[] }];
    for (const words of [
      'Getting started',
      'Install',
      'the installer',
      'the docs',
      'first step',
      '1.',
      'two',
      '[x]',
      'npm install quire',
      'A quoted remark',
      'port | 4000',
      '[image: diagram]',
    ])
      expect(first.text).toContain(words);
    expect(first.links).toEqual(['https://docs.example.com/start']);
    expect(second.text).toContain('Reference');
    expect(second.text).toContain('GET /v1/spaces');
    expect(second.links).toEqual([]);
  });

  it('breaks long pages over several sheets, and renders an empty export as one titled sheet', async () => {
    const long = Array.from({ length: 120 }, (_, i) => `Paragraph number ${i}.`).join('\n\n');
    const { sheets } = await readPdf(await renderPdf([{ title: 'Long', markdown: long }], { title: 'x' }));
    expect(sheets.length).toBeGreaterThan(2);
    expect(sheets.at(-1)!.text).toContain('Paragraph number 119.');
    const empty = await readPdf(await renderPdf([], { title: 'Empty space' }));
    expect(empty.sheets.map((s) => s.text.trim())).toEqual(['Empty space']);
  });
});

// The Markdown toolkit (src/domain/content/markdown): one parse, and the
// document, sections, references and mentions read off it.
import { describe, expect, it } from 'vitest';
import {
  markdownMentions,
  markdownPlainText,
  markdownReferences,
  markdownSections,
  markdownToDocument,
} from '../../../src/domain/content/markdown/index.js';
import { expectSchema } from '../../support/openapi.js';

const PAGE = [
  '---',
  'description: front matter is metadata',
  '---',
  '# Install **Quire**',
  '',
  'Run *this* once, with `npm` and ~~yarn~~. See [the guide](guides/setup.md) or <https://example.com>.',
  '',
  '## Steps',
  '',
  '1. Clone',
  '2. Install',
  '   - nested **item**',
  '',
  '- [x] done',
  '- [ ] todo',
  '',
  '```sh',
  'npm install',
  'npm start',
  '```',
  '',
  '> Quoted [ref link][docs]',
  '',
  '---',
  '',
  '| Name | Value |',
  '| :--- | ----: |',
  '| a | 1 |',
  '',
  '![logo](logo.png)',
  '',
  '## Steps',
  '',
  '[docs]: https://docs.example.com',
].join('\n');

describe('markdownToDocument', () => {
  it('answers a rich-text document that the public JSONDocument schema accepts', () => {
    const document = markdownToDocument(PAGE);
    expectSchema(document, 'JSONDocument');
    expect(document.nodes.map((n) => n.type)).toEqual([
      'heading-1',
      'paragraph',
      'heading-2',
      'list-ordered',
      'list-tasks',
      'code',
      'blockquote',
      'divider',
      'table',
      'paragraph',
      'heading-2',
    ]);
  });

  it('keeps marks, links, code lines, task states and unique heading ids', () => {
    const [h1, paragraph, h2, , tasks, code, , , table, , h2again] = markdownToDocument(PAGE).nodes as any[];
    expect(h1.data.id).toBe('install-quire');
    expect(h1.nodes[1].leaves[0]).toEqual({ object: 'leaf', text: 'Quire', marks: [{ object: 'mark', type: 'bold' }] });
    expect([h2.data.id, h2again.data.id]).toEqual(['steps', 'steps-1']);
    const marks = paragraph.nodes
      .filter((n: any) => n.object === 'text')
      .map((n: any) => [n.leaves[0].text, n.leaves[0].marks.map((m: any) => m.type)]);
    expect(marks).toContainEqual(['this', ['italic']]);
    expect(marks).toContainEqual(['npm', ['code']]);
    expect(marks).toContainEqual(['yarn', ['strikethrough']]);
    const link = paragraph.nodes.find((n: any) => n.type === 'link');
    expect(link.data.ref).toEqual({ kind: 'url', url: 'guides/setup.md' });
    expect(tasks.nodes.map((item: any) => item.data.checked)).toEqual([true, false]);
    expect(code.data).toEqual({ syntax: 'sh' });
    expect(code.nodes.map((line: any) => line.nodes[0].leaves[0].text)).toEqual(['npm install', 'npm start']);
    expect(Object.values(table.data.records)).toEqual([{ orderIndex: '000000', values: { 'column-0': 'a', 'column-1': '1' } }]);
    expect(table.data.definition['column-1'].textAlignment).toBe('right');
  });

  it('answers an empty document for empty Markdown', () => {
    expect(markdownToDocument('')).toEqual({ object: 'document', data: {}, nodes: [] });
  });
});

describe('markdownSections and markdownPlainText', () => {
  it('cuts a page at its headings, with anchors and plain bodies', () => {
    const sections = markdownSections('Intro text.\n\n# Title\n\nBody *one*.\n\n## Sub\n\n```\ncode\n```');
    expect(sections).toEqual([
      { id: '', title: '', depth: 0, body: 'Intro text.' },
      { id: 'title', title: 'Title', depth: 1, body: 'Body one.' },
      { id: 'sub', title: 'Sub', depth: 2, body: 'code' },
    ]);
    expect(markdownPlainText('---\nx: 1\n---\n# A\n\nb **c**')).toBe('A\nb c');
  });
});

describe('markdownReferences', () => {
  it('finds inline, reference-style and autolinks and images, not text inside code', () => {
    const refs = markdownReferences(
      '[a](x.md) ![i](i.png)\n\n`[no](code.md)`\n\n```\n[no](block.md)\n```\n\n[ref][r] and https://auto.example\n\n[r]: y.md',
    );
    expect(refs).toEqual([
      { kind: 'link', url: 'x.md', line: 1 },
      { kind: 'image', url: 'i.png', line: 1 },
      { kind: 'link', url: 'y.md', line: 9 },
      { kind: 'link', url: 'https://auto.example', line: 9 },
    ]);
  });
});

describe('markdownMentions', () => {
  it('recognises @user ids and @e-mail mentions once each, not addresses or code', () => {
    expect(markdownMentions('Hi @usr_abc12 and @bob@acme.test. Mail bob@acme.test, `@usr_code`, @usr_abc12 again.')).toEqual([
      'usr_abc12',
      'bob@acme.test',
    ]);
  });
});

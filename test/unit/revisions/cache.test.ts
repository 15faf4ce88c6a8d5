// The process-local cache of revision content (src/domain/revisions/cache.ts):
// bounded by weight, least recently used out first, and what is too heavy never kept.
import { describe, expect, it } from 'vitest';
import { WeightedLru } from '../../../src/domain/revisions/cache.js';
import { pageChanges } from '../../../src/domain/revisions/changes.js';

describe('WeightedLru', () => {
  it('evicts the least recently used entries past its weight, and refuses one heavier than a quarter of it', () => {
    const lru = new WeightedLru<string>(100, (v) => v.length);
    lru.set('a', 'x'.repeat(20));
    lru.set('b', 'x'.repeat(20));
    lru.set('c', 'x'.repeat(20));
    expect(lru.get('a')).toBeDefined(); // a is now the most recently used
    lru.set('d', 'x'.repeat(25));
    lru.set('e', 'x'.repeat(25));
    expect(lru.weight).toBeLessThanOrEqual(100);
    expect(lru.has('b')).toBe(false);
    expect(lru.has('a')).toBe(true);
    lru.set('huge', 'x'.repeat(26));
    expect(lru.has('huge')).toBe(false);
    lru.set('a', 'y');
    expect(lru.get('a')).toBe('y');
    expect(lru.weight).toBe(1 + 20 + 25 + 25);
  });
});

describe('pageChanges', () => {
  const page = (id: string, over: Record<string, unknown> = {}, pages: any[] = []) =>
    ({
      id,
      type: 'document',
      title: id,
      slug: id,
      path: id,
      parentId: null,
      version: `v-${id}`,
      markdown: id,
      description: null,
      emoji: null,
      layout: null,
      cover: null,
      variables: null,
      pages,
      ...over,
    }) as any;

  it('lists created, edited, moved and deleted pages', () => {
    const base = [page('a'), page('b'), page('c')];
    const head = [page('a', { title: 'A', version: 'v-a2', markdown: 'new' }, [page('b', { parentId: 'a', path: 'a/b' })]), page('d')];
    expect(pageChanges(base, head)).toEqual([
      {
        type: 'page_edited',
        page: { id: 'a', type: 'document', title: 'A', path: 'a' },
        attributes: {
          title: { before: 'a', after: 'A' },
          document: { before: 'v-a', after: 'v-a2' },
        },
      },
      {
        type: 'page_moved',
        page: { id: 'b', type: 'document', title: 'b', path: 'a/b' },
        parent: {
          before: null,
          after: { id: 'a', type: 'document', title: 'A', path: 'a' },
        },
      },
      { type: 'page_created', page: { id: 'd', type: 'document', title: 'd', path: 'd' } },
      { type: 'page_deleted', page: { id: 'c', type: 'document', title: 'c', path: 'c' } },
    ]);
  });
});

// Paths of site spaces and sections: a slug of their title, made unique among
// their siblings ("guides", "guides-2"…).

/** Lower-case ASCII words joined by dashes: "Café Guides!" → "cafe-guides". */
export const slug = (title: string) =>
  title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/**
 * Paths made unique among `taken` and among each other, for many titles in a
 * row: one set of paths, and per base slug the next suffix to try, so naming n
 * site spaces of one title costs O(n), not a set rebuilt and a count from 2 each time.
 */
export function pathAllocator(taken: Iterable<string>, fallback: string) {
  const used = new Set(taken);
  const nextSuffix = new Map<string, number>();
  return (title: string) => {
    const base = (slug(title) || fallback).slice(0, 90);
    let n = nextSuffix.get(base) ?? 2;
    let path = base;
    while (used.has(path)) path = `${base}-${n++}`;
    nextSuffix.set(base, n);
    used.add(path);
    return path;
  };
}

export const uniquePath = (title: string, taken: Iterable<string>, fallback: string) => pathAllocator(taken, fallback)(title);

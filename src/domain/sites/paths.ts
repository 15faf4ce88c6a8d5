// Paths of site spaces and sections: a slug of their title, made unique among
// their siblings ("guides", "guides-2"…).

/** Lower-case ASCII words joined by dashes: "Café Guides!" → "cafe-guides". */
export const slug = (title: string) =>
  title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

export function uniquePath(title: string, taken: Iterable<string>, fallback: string) {
  const used = new Set(taken);
  const base = (slug(title) || fallback).slice(0, 90);
  let path = base;
  for (let n = 2; used.has(path); n++) path = `${base}-${n}`;
  return path;
}

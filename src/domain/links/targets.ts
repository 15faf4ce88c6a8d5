// What a link target written in Markdown names, without any database: a page
// path (relative to the linking page's folder, like files in a Git repository),
// a file of the space (`files/<fileId>`), another space (its app or published
// URL), an app URL, or an outside URL. The same reading serves the link reports
// and the reference keys stored with each page version (backlinks).
import { markdownReferences, type Root } from '../content/markdown/index.js';

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** `files/<id>` as the last two segments of a relative target (how Markdown points at an uploaded file). */
const FILE_TARGET = /(?:^|\/)files\/([A-Za-z0-9_-]+)\/?(?:[?#].*)?$/;

export const isExternal = (target: string) => SCHEME.test(target) || target.startsWith('//');
/** Targets that are no reference to report: anchors within the page, e-mail and phone links. */
export const isIgnored = (target: string) => target === '' || target.startsWith('#') || /^(mailto|tel):/i.test(target);

/** The file id a relative target names (`files/fil_…`, `../files/…`), or null. */
export function fileIdOf(target: string): string | null {
  if (isExternal(target)) return null;
  return FILE_TARGET.exec(target)?.[1] ?? null;
}

/** A page path from link segments: no ".md", "README" or trailing slash. */
const pagePath = (segments: string[]) =>
  segments
    .join('/')
    .replace(/(^|\/)README$/i, '')
    .replace(/\.md$/i, '');

/** `target` resolved against the folder `base` (segments), or null when it climbs above the root or is malformed. */
export function resolvePath(base: string[], target: string): string | null {
  let clean: string;
  try {
    clean = decodeURI(target.replace(/[#?].*$/, ''));
  } catch {
    return null; // malformed percent-encoding
  }
  const segments = clean.startsWith('/') ? [] : [...base];
  for (const part of clean.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (segments.length === 0) return null;
      segments.pop();
    } else segments.push(part);
  }
  return pagePath(segments);
}

/** The page a relative target leads to: from the linking page's folder, failing that from the root. */
export function findPage(byPath: ReadonlyMap<string, string>, folder: string[], target: string): string | undefined {
  const fromFolder = resolvePath(folder, target);
  const fromRoot = resolvePath([], target);
  return (fromFolder !== null ? byPath.get(fromFolder) : undefined) ?? (fromRoot !== null ? byPath.get(fromRoot) : undefined);
}

const DEEP_FOLDER = Array.from({ length: 64 }, () => '\u0000');
/**
 * The last segment of the page a relative target leads to, whatever the folder
 * it is read from; "" when that depends on the folder (`..`, `./`), null when
 * it leads nowhere.
 */
export function pageKeyOf(target: string): string | null {
  const path = resolvePath(DEEP_FOLDER, target);
  if (path === null) return null;
  const last = path.split('/').at(-1)!;
  return last === '\u0000' ? '' : last;
}

/** The space id of an app or published URL naming a whole space (`<base>/s/<id>`), or null. */
export function spaceIdOf(target: string, bases: string[]): string | null {
  for (const base of bases) {
    const match = target.startsWith(`${base}/s/`) ? /^([A-Za-z0-9_-]+)\/?$/.exec(target.slice(base.length + 3)) : null;
    if (match) return match[1]!;
  }
  return null;
}

/**
 * The lookup keys of what `markdown` refers to: `page:<slug>` for relative page
 * links (the last segment of the path, so backlinks of a page need only read
 * the versions holding its slug) and `file:<id>` for files (links or images).
 * `markdown` may be given parsed (its tree).
 */
export function referenceKeys(markdown: string | Root): string[] {
  const keys = new Set<string>();
  for (const { kind, url } of markdownReferences(markdown)) {
    if (isIgnored(url)) continue;
    const file = fileIdOf(url);
    if (file) keys.add(`file:${file}`);
    else if (kind === 'link' && !isExternal(url)) {
      const key = pageKeyOf(url);
      if (key !== null) keys.add(`page:${key}`);
    }
  }
  return [...keys];
}

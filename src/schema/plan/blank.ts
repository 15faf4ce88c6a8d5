// Objects whose keys a plan knows in advance (an answer's response keys, a
// row's columns), made in one allocation. Filled key by key from `{}`, such an
// object outgrows its property store every few keys: each regrowth copies it
// and leaves the old one behind. For twenty keys that allocated 3.3 times what
// a literal naming them does, 7.7 times with three symbol keys first
// (bench/README.md, session 31). An object literal is allocated whole, at once.

type Row = Record<string, unknown>;

// A GraphQL name (response keys, column names); not `__proto__`, which a literal would take for the prototype.
const PLAIN_KEY = /^[_A-Za-z][_0-9A-Za-z]*$/;
const plain = (key: string) => PLAIN_KEY.test(key) && key !== '__proto__';

const EMPTY = (): Row => ({});
const makers = new Map<string, () => Row>();
/** Distinct key lists kept: a plan is cached per document, and documents are bounded (graphql/plugin.ts). */
const MAX_MAKERS = 2_000;

/** A function answering a new object holding `keys` (in that order, each undefined until set). */
export function blankObject(keys: readonly string[]): () => Row {
  const id = keys.join(',');
  let make = makers.get(id);
  if (make === undefined) {
    // Keys that are not plain names, or repeated, take the slow road: an empty object filled as before.
    const literal = keys.every(plain) && new Set(keys).size === keys.length;
    make = literal ? (literalOf(keys) ?? EMPTY) : EMPTY;
    if (makers.size >= MAX_MAKERS) makers.clear();
    makers.set(id, make);
  }
  return make;
}

/** The literal's function; undefined where code is not generated from strings (`--disallow-code-generation-from-strings`). */
function literalOf(keys: readonly string[]): (() => Row) | undefined {
  try {
    // The keys are checked names, written as the literal's property names: no value reaches the source.
    return new Function(`return { ${keys.map((key) => `${key}: undefined`).join(', ')} };`) as () => Row;
  } catch {
    return undefined;
  }
}

const byList = new WeakMap<object, () => Row>();

/** blankObject for a list whose identity stands for its keys (a compiled plan's, never changed): looked up once. */
export function blankFor<T>(list: readonly T[], keyOf: (item: T) => string): () => Row {
  let make = byList.get(list);
  if (make === undefined) byList.set(list, (make = blankObject(list.map(keyOf))));
  return make;
}

// JSON.stringify recurses: a value nested some thousands of levels deep (a
// stored rich-text document, a Markdown tree) throws RangeError, and the read
// answering it fails for everyone. stringifyJson answers the same text with an
// explicit stack when the native one runs out of stack.

type Frame = { close: ']'; items: unknown[]; next: number } | { close: '}'; entries: [string, unknown][]; next: number };

/** What JSON.stringify answers for `value`, at any depth. */
export function stringifyJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    return stringifyDeep(value);
  }
}

const omitted = (v: unknown) => v === undefined || typeof v === 'function' || typeof v === 'symbol';

function prepared(value: unknown, key: string): unknown {
  const toJSON = (value as { toJSON?: unknown } | null)?.toJSON;
  return typeof toJSON === 'function' ? toJSON.call(value, key) : value;
}

function stringifyDeep(root: unknown): string {
  const out: string[] = [];
  const stack: Frame[] = [];
  const open = (value: unknown) => {
    if (value === null || typeof value !== 'object') return void out.push(JSON.stringify(value));
    if (Array.isArray(value)) {
      out.push('[');
      stack.push({ close: ']', items: value, next: 0 });
    } else {
      out.push('{');
      const entries = Object.keys(value).map((key): [string, unknown] => [key, prepared((value as Record<string, unknown>)[key], key)]);
      stack.push({ close: '}', entries: entries.filter(([, v]) => !omitted(v)), next: 0 });
    }
  };
  const top = prepared(root, '');
  if (omitted(top)) return undefined as unknown as string;
  open(top);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    const i = frame.next++;
    const length = frame.close === ']' ? frame.items.length : frame.entries.length;
    if (i >= length) {
      out.push(frame.close);
      stack.pop();
      continue;
    }
    if (i > 0) out.push(',');
    if (frame.close === ']') {
      const item = prepared(frame.items[i], String(i));
      if (omitted(item)) out.push('null');
      else open(item);
    } else {
      const [key, item] = frame.entries[i]!;
      out.push(`${JSON.stringify(key)}:`);
      open(item);
    }
  }
  return out.join('');
}

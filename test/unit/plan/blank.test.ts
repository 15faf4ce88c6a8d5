// Objects a plan fills by known keys (src/schema/plan/blank.ts): made whole, in the keys' order,
// and never by a literal for a key a literal would not take as a plain property.
import { describe, expect, it } from 'vitest';
import { blankFor, blankObject } from '../../../src/schema/plan/blank.js';

describe('blank objects', () => {
  it('holds every key, undefined, in the order given, and a new object each time', () => {
    const make = blankObject(['title', 'id', '__typename']);
    const one = make();
    expect(Object.keys(one)).toEqual(['title', 'id', '__typename']);
    expect(Object.values(one)).toEqual([undefined, undefined, undefined]);
    expect(Object.getPrototypeOf(one)).toBe(Object.prototype);
    one.title = 'changed';
    expect(make().title).toBeUndefined();
  });

  it('keeps JSON as filling an empty object would', () => {
    const keys = ['b', 'a', 'c'];
    const filled: Record<string, unknown> = {};
    const blank = blankObject(keys)();
    for (const [i, key] of keys.entries()) (filled[key] = i), (blank[key] = i);
    expect(JSON.stringify(blank)).toBe(JSON.stringify(filled));
  });

  it('takes the slow road for `__proto__`, which a literal would take for the prototype', () => {
    const make = blankObject(['id', '__proto__']);
    const one = make();
    expect(Object.keys(one)).toEqual([]);
    expect(Object.getPrototypeOf(one)).toBe(Object.prototype);
  });

  it('takes the slow road for keys that are not names, or repeated', () => {
    for (const keys of [['a-b'], ['1a'], ['x', 'x'], ['a; process.exit(1); b']]) expect(Object.keys(blankObject(keys)())).toEqual([]);
  });

  it('makes one maker per list, whatever the number of calls', () => {
    const list = [{ key: 'x' }, { key: 'y' }];
    const keyOf = (item: { key: string }) => item.key;
    expect(blankFor(list, keyOf)).toBe(blankFor(list, keyOf));
    expect(Object.keys(blankFor(list, keyOf)())).toEqual(['x', 'y']);
  });
});

describe('blank objects without code generation', () => {
  it('fill an empty object where code is not generated from strings', async () => {
    const { execFileSync } = await import('node:child_process');
    const script =
      "import { blankObject } from './src/schema/plan/blank.ts'; const o = blankObject(['only', 'here'])(); console.log(JSON.stringify(Object.keys(o)));";
    const out = execFileSync(
      process.execPath,
      ['--disallow-code-generation-from-strings', '--import', 'tsx', '--input-type=module', '-e', script],
      {
        encoding: 'utf8',
      },
    );
    expect(out.trim()).toBe('[]');
  });
});

// stringifyJson (src/json/stringify.ts): JSON.stringify's text at any depth.
import { describe, expect, it } from 'vitest';
import { stringifyJson } from '../../../src/json/stringify.js';

/** An object nested `depth` levels deep, alternating arrays and objects. */
function nested(depth: number): unknown {
  let value: unknown = { leaf: 'x', n: 1 };
  for (let i = 0; i < depth; i++) value = i % 2 ? [value, null] : { child: value, skipped: undefined };
  return value;
}

const deep = nested(100_000);

describe('stringifyJson', () => {
  it.each<[string, unknown]>([
    ['a string', 'a "quoted" \u2028 string'],
    ['a number', 12.5],
    ['null', null],
    ['an array with holes of undefined and functions', [1, undefined, () => 1, Symbol('s'), 'x']],
    ['an object dropping undefined, functions and symbols', { a: 1, b: undefined, c: () => 1, d: Symbol('s'), e: [{}] }],
    ['a Date (toJSON)', { at: new Date('2026-01-02T03:04:05Z') }],
    ['a shallow nesting', nested(50)],
  ])('answers what JSON.stringify answers for %s', (_name, value) => {
    expect(stringifyJson(value)).toBe(JSON.stringify(value));
  });

  it('answers undefined for undefined, as JSON.stringify does', () => {
    expect(stringifyJson(undefined)).toBeUndefined();
  });

  it('answers a value too deep for JSON.stringify, with the text it would give', () => {
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    expect(stringifyJson(deep)).toBe(expectedText(100_000));
  });

  it('calls toJSON with the key, deep down too', () => {
    const keyed = { toJSON: (key: string) => `key:${key}` };
    let value: unknown = { here: keyed };
    for (let i = 0; i < 50_000; i++) value = [value];
    const text = stringifyJson(value);
    expect(text).toContain('{"here":"key:here"}');
    expect(stringifyJson([keyed])).toBe('["key:0"]');
  });

  it('rethrows errors other than running out of stack', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => stringifyJson(cyclic)).toThrow(TypeError);
  });
});

/** nested(depth)'s JSON text, written level by level. */
function expectedText(depth: number) {
  let text = JSON.stringify({ leaf: 'x', n: 1 });
  for (let i = 0; i < depth; i++) text = i % 2 ? `[${text},null]` : `{"child":${text}}`;
  return text;
}

// Environment parsing (src/config/env.ts) and the content limits it fills (src/limits/content.ts).
import { describe, expect, it } from 'vitest';
import { integer } from '../../../src/config/env.js';
import { defaultContentLimits } from '../../../src/limits/content.js';

describe('integer', () => {
  it.each<[string | undefined, number]>([
    [undefined, 7],
    ['', 7],
    ['   ', 7],
    ['12', 12],
    [' 12 ', 12],
    ['1', 1],
  ])('reads %j as %s (fallback 7)', (raw, expected) => {
    expect(integer({ N: raw }, 'N', 7)).toBe(expected);
  });

  it.each<[string, number | undefined, RegExp]>([
    ['0', undefined, /N must be an integer of at least 1 \(got "0"\)/],
    ['-3', 0, /at least 0 \(got "-3"\)/],
    ['1.5', undefined, /got "1.5"/],
    ['ten', undefined, /got "ten"/],
    ['1e400', undefined, /got "1e400"/],
  ])('refuses %j (min %s), naming the variable', (raw, min, message) => {
    expect(() => integer({ N: raw }, 'N', 7, min)).toThrow(message);
  });

  it('takes 0 when the minimum allows it', () => {
    expect(integer({ N: '0' }, 'N', 7, 0)).toBe(0);
  });
});

describe('defaultContentLimits', () => {
  it('bounds every content limit with a positive whole number', () => {
    for (const [name, value] of Object.entries(defaultContentLimits)) {
      expect(Number.isInteger(value) && value > 0, name).toBe(true);
    }
    expect(defaultContentLimits.maxMarkdownNesting).toBeLessThan(defaultContentLimits.maxDocumentDepth);
  });
});

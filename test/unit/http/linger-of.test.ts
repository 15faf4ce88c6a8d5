// How long a given-back lease lingers (src/http/redisCounters.ts, `lingerOf`):
// never a lane's last slot; long only where every lane had half its slots and
// at least 8 left, so that the leases of recent callers cannot fill it.
import { describe, expect, it } from 'vitest';
import { lingerOf } from '../../../src/http/redisCounters.js';

const times = { shortMs: 20, longMs: 1000 };

describe('the linger of a lease given back', () => {
  it('is none for a lane taken to its last slot', () => {
    expect(lingerOf(0, 1, times)).toBe(0);
    expect(lingerOf(0, 100_000, times)).toBe(0);
  });

  it('is short for the default lanes (2 per token, 4 per organization) and for a lane half full', () => {
    expect(lingerOf(1, 2, times)).toBe(20);
    expect(lingerOf(3, 4, times)).toBe(20);
    expect(lingerOf(7, 10, times)).toBe(20);
    expect(lingerOf(49, 100, times)).toBe(20);
  });

  it('is long where every lane had half its slots and 8 left', () => {
    expect(lingerOf(8, 16, times)).toBe(1000);
    expect(lingerOf(50, 100, times)).toBe(1000);
    expect(lingerOf(99_990, 100_000, times)).toBe(1000);
  });
});

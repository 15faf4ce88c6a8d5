// The token statement's text is built once per set of counted budgets: every
// request sends it, and the prepared-statement lookup finds the same string at once.
import { describe, expect, it } from 'vitest';
import { hashToken, tokenStatement } from '../../../src/domain/auth/tokens.js';

const now = new Date('2026-11-28T12:00:00.000Z');
const windowStart = new Date('2026-11-28T11:00:00.000Z');

describe('tokenStatement', () => {
  it('answers the same text each time for the same budgets', () => {
    expect(tokenStatement('a', now, 60_000).text).toBe(tokenStatement('b', now, 0).text);
    const rate = { windowStart, user: true, organizations: false };
    expect(tokenStatement('a', now, 60_000, rate).text).toBe(tokenStatement('b', now, 0, { ...rate }).text);
  });

  it('has a text of its own for each set of counted budgets', () => {
    const texts = new Set([
      tokenStatement('a', now, 0).text,
      ...[false, true].flatMap((user) =>
        [false, true].map((organizations) => tokenStatement('a', now, 0, { windowStart, user, organizations }).text),
      ),
    ]);
    expect(texts.size).toBe(5);
    const all = tokenStatement('a', now, 0, { windowStart, user: true, organizations: true }).text;
    expect(all).toContain(`SELECT 'user:' || user_id FROM t`);
    expect(all).toContain(`SELECT 'org:' || o FROM m`);
    expect(tokenStatement('a', now, 0).text).not.toContain('RateLimit');
  });

  it('binds the token hash, the activity cut-off and the rate window per call', () => {
    expect(tokenStatement('secret', now, 60_000).values).toEqual([hashToken('secret'), '2026-11-28T11:59:00.000Z']);
    const rated = tokenStatement('other', now, 0, { windowStart, user: false, organizations: false });
    expect(rated.values).toEqual([hashToken('other'), '2026-11-28T12:00:00.000Z', '2026-11-28T11:00:00.000Z']);
  });
});

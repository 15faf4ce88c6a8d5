// The keys of site visitor tokens: configured secrets (the first signs, all
// verify), or the installation's stored one; bad settings name their variable.
import { describe, expect, it } from 'vitest';
import { siteTokenKeys, siteTokenSettingsFromEnv } from '../../../src/config/siteTokenKeys.js';

const secret = (c: string) => c.repeat(32);

describe('site token keys', () => {
  it('sign with the first configured secret and verify with any of them', async () => {
    const keys = siteTokenKeys(() => Promise.reject(new Error('not asked')), { secrets: [secret('n'), secret('o')] });
    const signing = await keys.signing();
    const old = siteTokenKeys(() => Promise.reject(new Error('not asked')), { secrets: [secret('o')] });
    expect(await keys.verifying(signing.kid)).toEqual(signing);
    expect(await keys.verifying((await old.signing()).kid)).toBeDefined();
    expect(await keys.verifying('unknown')).toBeUndefined();
    // The kid is a digest: it does not reveal the secret.
    expect(signing.kid).toHaveLength(16);
    expect(secret('n')).not.toContain(signing.kid);
  });

  it('fall back to the stored secret, asked once, and again after a failure', async () => {
    let asked = 0;
    const keys = siteTokenKeys(async () => {
      asked += 1;
      if (asked === 1) throw new Error('database down');
      return secret('s');
    });
    await expect(keys.signing()).rejects.toThrow('database down');
    const key = await keys.signing();
    await keys.verifying(key.kid);
    expect(asked).toBe(2);
    expect(keys.ttlSeconds).toBe(3600);
  });

  it('read SITE_TOKEN_SECRETS and SITE_TOKEN_TTL_SECONDS, refusing short secrets and bad lifetimes', () => {
    expect(siteTokenSettingsFromEnv({})).toEqual({});
    expect(siteTokenSettingsFromEnv({ SITE_TOKEN_SECRETS: ` ${secret('a')} , ${secret('b')}`, SITE_TOKEN_TTL_SECONDS: '600' })).toEqual({
      secrets: [secret('a'), secret('b')],
      ttlSeconds: 600,
    });
    expect(() => siteTokenSettingsFromEnv({ SITE_TOKEN_SECRETS: 'short' })).toThrow('SITE_TOKEN_SECRETS');
    expect(() => siteTokenSettingsFromEnv({ SITE_TOKEN_TTL_SECONDS: '10' })).toThrow('SITE_TOKEN_TTL_SECONDS');
  });
});

// Extra API tokens for a user: scoped ones, as `quire token create --scopes` issues them.
import { issueToken } from '../../src/domain/auth/tokens.js';
import type { Scope } from '../../src/policy/scopes.js';
import type { TestApp } from './app.js';

/** A new token of the user limited to `scopes` (an empty list: unrestricted); answers its secret and id. */
export async function tokenWithScopes(app: TestApp, userId: string, scopes: Scope[], label = 'test') {
  const { id, secret } = await issueToken(app.prisma, userId, { label, scopes });
  return { id, token: secret };
}

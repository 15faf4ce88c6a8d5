// Live API tokens per user are capped (MAX_TOKENS_PER_USER): one request of
// aliased createApiToken mutations, or several in parallel, cannot mint past it.
import { expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { graphql } from '../support/http.js';
import { createOrg } from '../support/factories.js';

const app = useTestApp({ tenants: { maxTokensPerUser: 12 } });

/** One mutation minting `count` tokens through aliases. */
const mintMany = (count: number) =>
  `mutation { ${Array.from({ length: count }, (_, i) => `t${i}: createApiToken(input: { label: "alias ${i}" }) { secret }`).join(' ')} }`;

const liveTokens = (userId: string) => app.prisma.apiToken.count({ where: { userId, revokedAt: null } });

it('stops an aliased createApiToken request at the cap, with a clear 409 (CONFLICT) at the first token past it', async () => {
  const org = await createOrg(app); // bootstrap gave the admin one token
  const res = await graphql(app, org.admin.token, mintMany(30));
  // Mutation fields run one after another: the 12th alias fails, and the non-null payload stops the rest.
  expect(res.errors).toHaveLength(1);
  expect(res.errors!.every((e) => e.extensions?.code === 'CONFLICT' && /12 live API tokens.*revoke one first/.test(e.message))).toBe(true);
  expect(await liveTokens(org.admin.userId)).toBe(12);
});

it('holds the cap when requests race, and frees a place when a token is revoked', async () => {
  const org = await createOrg(app);
  await Promise.all(Array.from({ length: 4 }, () => graphql(app, org.admin.token, mintMany(10))));
  expect(await liveTokens(org.admin.userId)).toBe(12);

  const other = await app.prisma.apiToken.findFirstOrThrow({ where: { userId: org.admin.userId, label: { startsWith: 'alias' } } });
  const revoked = await graphql(app, org.admin.token, `mutation { revokeApiToken(input: { tokenId: "${other.id}" }) { revoked } }`);
  expect(revoked.data?.revokeApiToken).toEqual({ revoked: true });
  const again = await graphql(app, org.admin.token, mintMany(2));
  expect(again.errors?.map((e) => e.extensions?.code)).toEqual(['CONFLICT']);
  expect(await liveTokens(org.admin.userId)).toBe(12);
});

// Fair sharing between tenants: one token (or organization) holds at most its
// concurrency limit of requests in progress; its next requests wait in line or
// answer 429, while another tenant's requests go through at once.
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { createOrg } from '../support/factories.js';
import { heldRequest, lane, tokenId } from '../support/heldRequests.js';
import { tokenWithScopes } from '../support/tokens.js';

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));
async function app(tenants: Record<string, number>) {
  const started = await startTestApp({ tenants });
  apps.push(started);
  return started;
}

describe('fair share', () => {
  it("answers a token's third concurrent request 429 (limit 2, no line) while another tenant's request goes through", async () => {
    const target = await app({ concurrentPerToken: 2, queueLength: 0 });
    const noisy = await createOrg(target);
    const quiet = await createOrg(target);
    const key = `c:token:${await tokenId(target, noisy)}`;
    const held = [heldRequest(target, noisy.admin.token), heldRequest(target, noisy.admin.token)];
    await lane(target, key, 2);

    const third = await rest(target, noisy.admin.token).get('/v1/orgs');
    expect(third.status).toBe(429);
    expect(third.body).toEqual({ error: { code: 429, message: expect.stringMatching(/concurrent requests/) } });
    expect(third.headers.get('retry-after')).toBe('1');
    const overGraphQL = await graphql(target, noisy.admin.token, '{ viewer { id } }');
    expect(overGraphQL.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');

    expect((await rest(target, quiet.admin.token).get(`/v1/orgs/${quiet.organizationId}`)).status).toBe(200);

    held.forEach((h) => h.finish());
    expect((await Promise.all(held.map((h) => h.answered))).map((a) => a.status)).toEqual([200, 200]);
    await lane(target, key, 0);
    expect((await rest(target, noisy.admin.token).get('/v1/orgs')).status).toBe(200);
  });

  it('makes the third request wait in line until a slot frees, first come first served', async () => {
    const target = await app({ concurrentPerToken: 2, queueLength: 10 });
    const noisy = await createOrg(target);
    const quiet = await createOrg(target);
    const key = `c:token:${await tokenId(target, noisy)}`;
    const held = [heldRequest(target, noisy.admin.token), heldRequest(target, noisy.admin.token)];
    await lane(target, key, 2);

    let thirdDone = false;
    const third = rest(target, noisy.admin.token)
      .get('/v1/orgs')
      .then((r) => ((thirdDone = true), r));
    await lane(target, key, 2, 1);
    expect((await rest(target, quiet.admin.token).get(`/v1/orgs/${quiet.organizationId}`)).status).toBe(200);
    expect(thirdDone).toBe(false);

    held[0].finish();
    expect((await third).status).toBe(200);
    held[1].finish();
    await Promise.all(held.map((h) => h.answered));
    await lane(target, key, 0);
  });

  it("bounds an organization's requests across its tokens", async () => {
    const target = await app({ concurrentPerToken: 5, concurrentPerOrganization: 2, queueLength: 0 });
    const noisy = await createOrg(target);
    const quiet = await createOrg(target);
    const [a, b, c] = await Promise.all([1, 2, 3].map((i) => tokenWithScopes(target, noisy.admin.userId, [], `minted ${i}`)));
    const held = [heldRequest(target, a.token), heldRequest(target, b.token)];
    await lane(target, `o:${noisy.organizationId}`, 2);
    expect((await rest(target, c.token).get('/v1/orgs')).status).toBe(429);
    expect((await rest(target, quiet.admin.token).get('/v1/orgs')).status).toBe(200);
    held.forEach((h) => h.finish());
    await Promise.all(held.map((h) => h.answered));
    await lane(target, `o:${noisy.organizationId}`, 0);
  });

  it('bounds the requests in progress in the process, all callers together: the next waits in line, or 429 when the line is full', async () => {
    const target = await app({ concurrentPerProcess: 2, queueLength: 1 });
    const [first, second, third, fourth] = await Promise.all([1, 2, 3, 4].map(() => createOrg(target)));
    const held = [heldRequest(target, first.admin.token), heldRequest(target, second.admin.token)];
    await lane(target, 'p:process', 2);

    let waitingDone = false;
    const waiting = rest(target, third.admin.token)
      .get(`/v1/orgs/${third.organizationId}`)
      .then((r) => ((waitingDone = true), r));
    await lane(target, 'p:process', 2, 1);
    const refused = await rest(target, fourth.admin.token).get(`/v1/orgs/${fourth.organizationId}`);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: { code: 429, message: expect.stringMatching(/concurrent requests on this server/) } });
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(waitingDone).toBe(false);

    held[0].finish();
    expect((await waiting).status).toBe(200);
    held[1].finish();
    expect((await Promise.all(held.map((h) => h.answered))).map((a) => a.status)).toEqual([200, 200]);
    await lane(target, 'p:process', 0);
  });
});

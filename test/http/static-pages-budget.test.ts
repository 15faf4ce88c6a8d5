// Static pages spend none of the API's budget (issue 29): once an address has
// used up its anonymous budget, GraphiQL's page and assets, /docs and its
// bundle, the OpenAPI document and the front page still load; its API calls
// are still refused.
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { request } from '../support/http.js';

// Behind one proxy: X-Forwarded-For gives the test an address of its own.
const app = useTestApp({ rateLimit: { windowSeconds: 60, perToken: 3, perAddress: 2 }, trustProxyHops: 1 });

describe('the anonymous budget of an address', () => {
  it('is not spent by static pages: GraphiQL stays usable past it, the API is refused', async () => {
    const headers = { 'X-Forwarded-For': `203.0.113.${randomInt(1, 255)}` };
    const api = () => request(app, 'POST', '/graphql', { headers, body: { query: '{ __typename }' } });
    expect((await api()).status).toBe(200);
    expect((await api()).status).toBe(200);
    expect((await api()).status).toBe(429);

    const graphiql = await request(app, 'GET', '/graphql', { headers: { ...headers, Accept: 'text/html' } });
    expect(graphiql.status).toBe(200);
    expect(graphiql.headers.get('x-ratelimit-remaining')).toBeNull();
    const assets = [...String(graphiql.body).matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThanOrEqual(2);
    const docs = await request(app, 'GET', '/docs', { headers });
    expect(docs.status).toBe(200);
    assets.push(/<script src="(\/assets\/[^"]+)"/.exec(String(docs.body))![1]);
    for (const path of [...assets, '/', '/v1/openapi.json', '/healthz']) {
      const res = await request(app, 'GET', path, { headers });
      expect(res.status, path).toBe(200);
    }

    // Its API calls are still over the budget, on both doors, GET included.
    expect((await api()).status).toBe(429);
    expect((await request(app, 'GET', '/graphql?query=%7B__typename%7D', { headers })).status).toBe(429);
    expect((await request(app, 'GET', '/v1/orgs', { headers })).status).toBe(429);
  }, 180_000); // the first requests load and compress GraphiQL's and Scalar's bundles
});

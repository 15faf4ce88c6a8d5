// Deep structures never crash a read (issue #26): a page stored 1,500 block
// quotes deep (before the write limits existed, or by a merge) is read, listed
// and tagged like any other; serialising and hashing it does not recurse.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { request, rest } from '../support/http.js';
import { createOrg, createSpace, type OrgFixture } from '../support/factories.js';
import { insertPages } from '../support/content.js';
import { stringifyJson } from '../../src/json/stringify.js';

let app: TestApp;
let org: OrgFixture;
beforeAll(async () => {
  app = await startTestApp();
  org = await createOrg(app);
});
afterAll(() => app.close());

const deepArray = (depth: number) => {
  let value: unknown = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

describe('stringifyJson', () => {
  it('answers what JSON.stringify answers', () => {
    const date = new Date('2026-01-02T03:04:05Z');
    for (const value of [
      null,
      1,
      -0,
      NaN,
      'a"\n\u2028',
      true,
      [1, undefined, () => 1, 'x'],
      { a: undefined, b: [date], c: { toJSON: () => 'custom' }, d: { e: {} } },
      [],
      {},
    ]) {
      expect(stringifyJson(value)).toBe(JSON.stringify(value));
    }
  });

  it('serialises a value far deeper than the call stack allows', () => {
    const value = deepArray(200_000);
    expect(() => JSON.stringify(value)).toThrow(RangeError);
    const text = stringifyJson(value);
    expect(text.length).toBe(400_002);
    expect(text.startsWith('[[[[')).toBe(true);
  });
});

describe('a page stored 1,500 block quotes deep', () => {
  it('is read, listed and tagged: 200 with an ETag, 304 on revalidation', async () => {
    const space = await createSpace(app, org, { empty: true });
    const [page] = await insertPages(app, space, [{ path: 'deep', markdown: `${'> '.repeat(1500)}bottom` }]);
    for (const path of [
      `/v1/spaces/${space.id}/content`,
      `/v1/spaces/${space.id}/content/pages`,
      `/v1/spaces/${space.id}/content/page/${page}`,
    ]) {
      const res = await rest(app, org.admin.token).get(path);
      expect(res.status, `${path}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
      const again = await request(app, 'GET', path, { token: org.admin.token, headers: { 'If-None-Match': res.headers.get('etag')! } });
      expect(again.status).toBe(304);
    }
  });
});

// Sites in the graph: site → sections → site spaces → space, site → share
// links, space → the sites that publish it; the SQL statements of a site query
// do not grow with its size (relations load in batches).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { addMember, createOrg, createSpace, type OrgFixture } from '../support/factories.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** A site with `sections` sections of `perSection` site spaces each, and a share link. */
async function siteOfSize(org: OrgFixture, sections: number, perSection: number) {
  const admin = rest(app, org.admin.token);
  const site = (await admin.post(`/v1/orgs/${org.organizationId}/sites`, { title: 'Docs' })).body.id as string;
  const path = `/v1/orgs/${org.organizationId}/sites/${site}`;
  for (let i = 0; i < sections; i++) {
    const section = (await admin.post(`${path}/sections`, { spaceId: (await createSpace(app, org)).id })).body.id;
    for (let j = 1; j < perSection; j++) {
      expect((await admin.post(`${path}/site-spaces`, { spaceId: (await createSpace(app, org)).id, sectionId: section })).status).toBe(201);
    }
  }
  await admin.post(`${path}/share-links`, { name: 'Team' });
  await admin.post(`${path}/publish`);
  return site;
}

const SITE_QUERY = `query ($id: ID!) {
  site(id: $id) {
    id title siteSpacesCount urls { published } permissions { admin }
    shareLinks(first: 10) { totalCount edges { node { id name urls { published } } } }
    sections(first: 100) {
      totalCount
      edges { node { id title default urls { published } siteSpaces { id path default urls { published } space { id title } } } }
    }
  }
}`;

describe('site queries', () => {
  it('cost the same SQL statements for 20 sections of 5 site spaces as for 2 sections of 1', async () => {
    const org = await createOrg(app);
    const small = await siteOfSize(org, 2, 1);
    const large = await siteOfSize(org, 20, 5);
    const run = async (id: string) => {
      const { result, statements } = await app.recordStatements(() => graphql(app, org.admin.token, SITE_QUERY, { id }));
      expect(result.errors).toBeUndefined();
      return { data: result.data, statements };
    };
    const few = await run(small);
    const many = await run(large);
    expect(many.data.site.sections.totalCount).toBe(20);
    expect(many.data.site.sections.edges.flatMap((e: any) => e.node.siteSpaces)).toHaveLength(100);
    expect(many.statements.length).toBe(few.statements.length);
    // token check, site, share links with their count (one planned statement), sections with their
    // count (one planned statement), their site spaces with their spaces (one planned statement, for
    // every section of the page), site space count, the sites of the items (one loader batch)
    expect(many.statements).toHaveLength(7);
    expect(many.statements.filter((sql) => sql.startsWith('/* read plan */'))).toHaveLength(3);
    // The published structure (sections, their site spaces and spaces, answered whole) likewise.
    const published = async (id: string) => {
      const path = `/v1/orgs/${org.organizationId}/sites/${id}/published`;
      const { result, statements } = await app.recordStatements(() => rest(app, org.admin.token).get(path));
      expect(result.status).toBe(200);
      return statements;
    };
    const [fewPublished, manyPublished] = [await published(small), await published(large)];
    expect(manyPublished.length).toBe(fewPublished.length);
    // token check, site, root sections, root groups, their site spaces with their spaces and
    // sections (one planned statement), site space count, the customizations (the site's and its
    // site spaces' in one statement)
    expect(manyPublished).toHaveLength(7);
    // None is a relation join (LATERAL): those are planned again on every request (db/statementNames.ts).
    expect(manyPublished.filter((sql) => sql.includes(' LATERAL '))).toEqual([]);
    expect(manyPublished.filter((sql) => sql.startsWith('/* read plan */'))).toHaveLength(1);
    // The site is read once: its sections' checks answer from that row.
    expect(manyPublished.filter((sql) => sql.includes('FROM "public"."Site" AS "t0"'))).toHaveLength(1);
  }, 90_000); // seeds 120 spaces and site spaces through the API: slow on a busy machine

  it('serve the published structure of a site without sections in the same statements for 1 site space as for 10', async () => {
    const org = await createOrg(app);
    const admin = rest(app, org.admin.token);
    const siteOf = async (count: number) => {
      const spaces = [];
      for (let i = 0; i < count; i++) spaces.push((await createSpace(app, org)).id);
      const site = (await admin.post(`/v1/orgs/${org.organizationId}/sites`, { title: 'Root', spaces })).body.id as string;
      expect((await admin.post(`/v1/orgs/${org.organizationId}/sites/${site}/publish`)).status).toBe(200);
      return site;
    };
    const published = async (site: string) => {
      const path = `/v1/orgs/${org.organizationId}/sites/${site}/published`;
      const { result, statements } = await app.recordStatements(() => rest(app, org.admin.token).get(path));
      expect(result.status).toBe(200);
      return { body: result.body, statements };
    };
    const [few, many] = [await published(await siteOf(1)), await published(await siteOf(10))];
    expect(many.body.structure).toMatchObject({ type: 'siteSpaces' });
    expect(many.body.structure.structure).toHaveLength(10);
    expect(many.statements.length).toBe(few.statements.length);
    // token check, site, root groups, root sections (none) and their count, the root site spaces, their
    // spaces' titles and sections (Prisma's relation queries), the customizations, the spaces (one planned
    // statement), site space count. Not yet planned whole as a section's site spaces are (11 against 7).
    expect(many.statements).toHaveLength(11);
  });

  it('space → sites lists the sites that publish it, as the caller may see them', async () => {
    const org = await createOrg(app);
    const space = await createSpace(app, org);
    const admin = rest(app, org.admin.token);
    const a = (await admin.post(`/v1/orgs/${org.organizationId}/sites`, { title: 'First', spaces: [space.id] })).body.id;
    await admin.post(`/v1/orgs/${org.organizationId}/sites`, { title: 'Unrelated' });
    const b = (await admin.post(`/v1/orgs/${org.organizationId}/sites`, { title: 'Second' })).body.id;
    await admin.post(`/v1/orgs/${org.organizationId}/sites/${b}/sections`, { spaceId: space.id });
    const query = 'query ($id: ID!) { space(id: $id) { sites(first: 10) { totalCount edges { node { id } } } } }';
    const res = await graphql(app, org.admin.token, query, { id: space.id });
    expect(res.data.space.sites).toEqual({ totalCount: 2, edges: [{ node: { id: a } }, { node: { id: b } }] });
    await admin.patch(`/v1/orgs/${org.organizationId}/sites/${b}`, { defaultLevel: null });
    const reader = await addMember(app, org.organizationId, 'read');
    const seen = await graphql(app, reader.token, query, { id: space.id });
    expect(seen.data.space.sites.edges).toEqual([{ node: { id: a } }]);
  });
});

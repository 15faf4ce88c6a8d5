// Spec 4.17 — conversations: idempotent ingestion (200 concurrent ingests of
// one id leave one row), processing on the job queue (rule-based issue
// extraction, TF-IDF + cosine clustering), clusters independent of the
// ingestion order and stable as conversations arrive, the reads with their
// filters, sorts and not-found, and authorization.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { rest } from '../support/http.js';
import { addMember, createOrg, type OrgFixture } from '../support/factories.js';
import { tokenWithScopes } from '../support/tokens.js';
import { race, restCall, times } from '../support/concurrency.js';

const app = useTestApp({ worker: true });

const topics = {
  login: [
    'I cannot log in with my password since the SSO change',
    'Login fails: the password reset email never arrives',
    'My login session keeps failing after the password update',
    'Unable to log in, SSO password rejected',
  ],
  export: [
    'The PDF export is broken for long pages',
    'Exporting to PDF fails with an error on tables',
    'PDF export crashes when the page has images',
    'Our PDF export does not include the code blocks',
  ],
  search: [
    'Search does not find pages by their title',
    'The search results are wrong for exact titles',
    'Search is missing recent pages in the results',
    'How do I search pages by title? It finds nothing',
  ],
};
const corpus = Object.entries(topics).flatMap(([topic, sentences]) => sentences.map((body, i) => ({ id: `${topic}-${i}`, topic, body })));

const ingest = (org: OrgFixture, c: { id: string; body: string }, extra: Record<string, unknown> = {}) =>
  rest(app, org.admin.token).post(`/v1/orgs/${org.organizationId}/conversations`, {
    id: c.id,
    subject: `Ticket ${c.id}`,
    parts: [
      { type: 'message', role: 'user', body: c.body },
      { type: 'message', role: 'assistant', body: 'Thanks, we are looking into the error.' },
    ],
    metadata: {
      url: `https://support.example.com/t/${c.id}`,
      attributes: { source: 'zendesk' },
      createdAt: new Date(Date.now() - 86400_000).toISOString(),
    },
    ...extra,
  });

async function settled(org: OrgFixture, conversations: number) {
  const until = Date.now() + 60_000;
  for (;;) {
    const processed = await app.prisma.conversation.count({ where: { organizationId: org.organizationId, processedAt: { not: null } } });
    const pending = await app.prisma.conversationIssue.count({ where: { organizationId: org.organizationId, clusterId: null } });
    if (processed === conversations && pending === 0) return;
    if (Date.now() > until) throw new Error('conversations never processed');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The partition of conversations by cluster, independent of ids. */
async function partition(org: OrgFixture) {
  const issues = await app.prisma.conversationIssue.findMany({
    where: { organizationId: org.organizationId },
    select: { clusterId: true, conversation: { select: { externalId: true } } },
  });
  const groups = new Map<string, string[]>();
  for (const i of issues) groups.set(i.clusterId!, [...(groups.get(i.clusterId!) ?? []), i.conversation.externalId]);
  return [...groups.values()].map((g) => [...new Set(g)].sort()).sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

describe('conversations: ingestion and clustering', () => {
  it('clusters issues by topic, the same whatever the ingestion order, and keeps cluster ids as conversations arrive', async () => {
    const a = await createOrg(app);
    const b = await createOrg(app);
    for (const c of corpus) expect((await ingest(a, c)).status).toBe(204);
    for (const c of [...corpus].reverse()) expect((await ingest(b, c)).status).toBe(204);
    await settled(a, corpus.length);
    await settled(b, corpus.length);
    const expected = Object.values(topics)
      .map((s, t) => s.map((_, i) => `${Object.keys(topics)[t]}-${i}`).sort())
      .sort((x, y) => (x[0] < y[0] ? -1 : 1));
    expect(await partition(a)).toEqual(expected);
    expect(await partition(b)).toEqual(expected);

    const clusters = await rest(app, a.admin.token).get(
      `/v1/orgs/${a.organizationId}/conversations-clusters?sort=createdAt&order=asc&status=active`,
    );
    expect(clusters.status).toBe(200);
    expect(clusters.body.count).toBe(3);
    const login = clusters.body.items.find((c: any) => /log|password/.test(c.label));
    expect(login).toMatchObject({
      object: 'issues-cluster',
      stats: { issues: 4, conversations: 4, tasksTotal: 0 },
      sources: { zendesk: 4 },
      icon: 'lock',
    });
    expect(login.weeklyPulse).toHaveLength(13);
    expect(login.weeklyPulse[12]).toBe(4);

    // A new login conversation joins the login cluster: same id.
    const before = new Set(clusters.body.items.map((c: any) => c.id));
    await ingest(a, { id: 'login-new', body: 'The SSO login fails again, password not accepted' });
    await settled(a, corpus.length + 1);
    const after = await rest(app, a.admin.token).get(`/v1/orgs/${a.organizationId}/conversations-clusters?status=active`);
    expect(new Set(after.body.items.map((c: any) => c.id))).toEqual(before);
    const issues = await rest(app, a.admin.token).get(`/v1/orgs/${a.organizationId}/conversations-issues?conversation=login-new`);
    expect(issues.body.items[0].issue.cluster).toBe(login.id);
  }, 60_000);

  it('ingests idempotently: a re-send updates, 200 concurrent ingests of one id leave one row', async () => {
    const org = await createOrg(app);
    const body = { id: 'same', subject: 'Broken', parts: [{ type: 'message', role: 'user', body: 'The export is broken.' }] };
    const results = await race(app, times(200, restCall(org.admin.token, 'POST', `/v1/orgs/${org.organizationId}/conversations`, body)));
    expect(results.every((r) => r.status === 204)).toBe(true);
    expect(await app.prisma.conversation.count({ where: { organizationId: org.organizationId } })).toBe(1);
    await rest(app, org.admin.token).post(`/v1/orgs/${org.organizationId}/conversations`, { ...body, subject: 'Changed' });
    const rows = await app.prisma.conversation.findMany({ where: { organizationId: org.organizationId } });
    expect(rows.map((r) => r.subject)).toEqual(['Changed']);
  }, 60_000);

  it('reads: lists with filters, details, one issue, and not-found', async () => {
    const org = await createOrg(app);
    await ingest(org, corpus[0]);
    await ingest(org, { id: 'other', body: 'Search is broken' }, { metadata: { url: 'https://help.example.org/x' } });
    await settled(org, 2);
    const all = await rest(app, org.admin.token).get(`/v1/orgs/${org.organizationId}/conversations`);
    expect(all.body.count).toBe(2);
    const zendesk = await rest(app, org.admin.token).get(`/v1/orgs/${org.organizationId}/conversations?source=zendesk`);
    expect(zendesk.body.items.map((c: any) => c.subject)).toEqual([`Ticket ${corpus[0].id}`]);
    expect((await rest(app, org.admin.token).get(`/v1/orgs/${org.organizationId}/conversations?source=help.example.org`)).body.count).toBe(
      1,
    );
    const detail = await rest(app, org.admin.token).get(`/v1/orgs/${org.organizationId}/conversations/${corpus[0].id}`);
    expect(detail.body).toMatchObject({
      conversation: { object: 'conversation', source: 'zendesk', urls: { source: `https://support.example.com/t/${corpus[0].id}` } },
      parts: [{ type: 'message', role: 'user' }, { role: 'assistant' }],
      metadata: { attributes: { source: 'zendesk' } },
    });
    const issues = await rest(app, org.admin.token).get(`/v1/orgs/${org.organizationId}/conversations-issues`);
    expect(issues.body.count).toBeGreaterThanOrEqual(2);
    const one = await rest(app, org.admin.token).get(
      `/v1/orgs/${org.organizationId}/conversations-issues/${issues.body.items[0].issue.id}`,
    );
    expect(one.body).toMatchObject({
      issue: { object: 'conversation-issue', id: issues.body.items[0].issue.id },
      conversation: { object: 'conversation' },
    });
    const byCluster = await rest(app, org.admin.token).get(
      `/v1/orgs/${org.organizationId}/conversations-issues?cluster=${one.body.issue.cluster}`,
    );
    expect(byCluster.body.items.every((i: any) => i.issue.cluster === one.body.issue.cluster)).toBe(true);
    expect((await rest(app, org.admin.token).get(`/v1/orgs/${org.organizationId}/conversations/nope`)).status).toBe(404);
    expect((await rest(app, org.admin.token).get(`/v1/orgs/${org.organizationId}/conversations-issues/cis_nope`)).status).toBe(404);
    expect((await rest(app, org.admin.token).get(`/v1/orgs/org_nope/conversations-clusters`)).status).toBe(404);
    expect((await rest(app, org.admin.token).get(`/v1/orgs/${org.organizationId}/conversations-clusters?status=empty`)).body.count).toBe(0);
  }, 60_000);

  it('validates (400 naming the field) and authorizes: admins ingest, members read, others 404, scoped tokens 403', async () => {
    const org = await createOrg(app);
    const post = (token: string, body: unknown) => rest(app, token).post(`/v1/orgs/${org.organizationId}/conversations`, body);
    expect((await post(org.admin.token, { parts: [] })).body.error.message).toMatch(/^id: /);
    expect((await post(org.admin.token, { id: 'x' })).body.error.message).toMatch(/^parts: /);
    expect((await post(org.admin.token, { id: 'x', parts: [{ type: 'note', role: 'user', body: 'b' }] })).body.error.message).toMatch(
      /^parts\[0\]\.type: /,
    );
    expect((await post(org.admin.token, { id: 'x', parts: [], metadata: { url: 'nope' } })).body.error.message).toMatch(/^metadata\.url: /);
    expect((await post(org.admin.token, { id: 'x', parts: [], metadata: { attributes: { a: 1 } } })).body.error.message).toMatch(
      /^metadata\.attributes: /,
    );
    const editor = await addMember(app, org.organizationId, 'edit');
    expect((await post(editor.token, { id: 'x', parts: [] })).status).toBe(403);
    expect((await rest(app, editor.token).get(`/v1/orgs/${org.organizationId}/conversations`)).status).toBe(200);
    const guest = await addMember(app, org.organizationId, 'guest');
    expect((await rest(app, guest.token).get(`/v1/orgs/${org.organizationId}/conversations`)).status).toBe(404);
    const other = await createOrg(app);
    expect((await rest(app, other.admin.token).get(`/v1/orgs/${org.organizationId}/conversations-clusters`)).status).toBe(404);
    expect((await post(other.admin.token, { id: 'x', parts: [] })).status).toBe(404);
    const scoped = (await tokenWithScopes(app, org.admin.userId, ['organization:read'])).token;
    expect((await post(scoped, { id: 'x', parts: [] })).status).toBe(403);
    expect(await app.prisma.conversation.count({ where: { organizationId: org.organizationId } })).toBe(0);
  });
});

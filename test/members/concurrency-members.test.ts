// Conflicting member writes fired truly at once (test/support/concurrency.ts):
// a member is removed once, role changes and removals never leave an
// organization without an admin, and the database agrees with the answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { addMember, createOrg, type OrgFixture } from '../support/factories.js';
import { graphqlCall, race, restCall, statusCounts, times } from '../support/concurrency.js';
import { insertTeam } from '../support/users.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const memberPath = (org: OrgFixture, userId: string) => `/v1/orgs/${org.organizationId}/members/${userId}`;
const admins = (org: OrgFixture) =>
  app.prisma.member.count({ where: { organizationId: org.organizationId, role: 'admin', disabled: false } });

describe('member writes racing', () => {
  it('10 concurrent removals of one member: one 205, the others 204; the member and their team memberships gone', async () => {
    const org = await createOrg(app);
    const member = await addMember(app, org.organizationId, 'edit');
    const team = await insertTeam(app, org.organizationId, 'Writers', [{ userId: member.userId }]);
    const answers = await race(app, times(10, restCall(org.admin.token, 'DELETE', memberPath(org, member.userId))));
    expect(statusCounts(answers)).toEqual({ 205: 1, 204: 9 });
    expect(await app.prisma.member.count({ where: { organizationId: org.organizationId, userId: member.userId } })).toBe(0);
    expect(await app.prisma.teamMember.count({ where: { teamId: team.id } })).toBe(0);
  });

  it('three admins removing each other at once: the organization keeps an admin', async () => {
    const org = await createOrg(app);
    const [b, c] = [await addMember(app, org.organizationId, 'admin'), await addMember(app, org.organizationId, 'admin')];
    const all = [org.admin, b, c];
    // Each removes the next one and leaves itself.
    const answers = await race(
      app,
      all.flatMap((me, i) => [
        restCall(me.token, 'DELETE', memberPath(org, all[(i + 1) % 3].userId)),
        restCall(me.token, 'DELETE', memberPath(org, me.userId)),
      ]),
    );
    expect(answers.every((r) => [205, 204, 404, 409].includes(r.status))).toBe(true);
    expect(await admins(org)).toBe(1);
    // 205s: exactly the members who are gone.
    expect(statusCounts(answers)[205]).toBe(2);
  });

  it('admins demoting each other at once (role changes racing): one admin stays', async () => {
    const org = await createOrg(app);
    const others = await Promise.all([addMember(app, org.organizationId, 'admin'), addMember(app, org.organizationId, 'admin')]);
    const all = [org.admin, ...others];
    const answers = await race(
      app,
      all.map((me, i) => restCall(me.token, 'PATCH', memberPath(org, all[(i + 1) % 3].userId), { role: 'read' })),
    );
    // A demoted admin's own request may come after its demotion: 403 then.
    expect(statusCounts(answers)[200]).toBe(2);
    expect(await admins(org)).toBe(1);
  });

  it('a role change racing the removal of the same member: removed, whatever the order', async () => {
    const org = await createOrg(app);
    const member = await addMember(app, org.organizationId, 'read');
    const answers = await race(app, [
      restCall(org.admin.token, 'PATCH', memberPath(org, member.userId), { role: 'edit' }),
      restCall(org.admin.token, 'DELETE', memberPath(org, member.userId)),
    ]);
    expect(answers[1].status).toBe(205);
    expect([200, 404]).toContain(answers[0].status);
    expect(await app.prisma.member.count({ where: { organizationId: org.organizationId, userId: member.userId } })).toBe(0);
  });

  it('the race helper speaks GraphQL too: every answer comes back', async () => {
    const org = await createOrg(app);
    const answers = await race(app, times(8, graphqlCall(org.admin.token, 'query { viewer { id } }')));
    expect(statusCounts(answers)).toEqual({ 200: 8 });
    for (const a of answers) expect(a.body).toEqual({ data: { viewer: { id: org.admin.userId } } });
  });
});

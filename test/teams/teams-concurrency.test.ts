// Team writes fired truly at once (test/support/concurrency.ts): no duplicate
// membership rows, one deletion answered as such, counts that agree with the
// database.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { addMember, createOrg, type OrgFixture } from '../support/factories.js';
import { race, restCall, statusCounts, times } from '../support/concurrency.js';
import { rest } from '../support/http.js';

const app = useTestApp();

const teamPath = (org: OrgFixture, teamId: string) => `/v1/orgs/${org.organizationId}/teams/${teamId}`;

async function newTeam(org: OrgFixture) {
  const res = await rest(app, org.admin.token).put(`/v1/orgs/${org.organizationId}/teams`, { title: 'Racing' });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

describe('team writes racing', () => {
  it('the same user added by 20 parallel bulk PUTs (by id and by e-mail): one membership row', async () => {
    const org = await createOrg(app);
    const member = await addMember(app, org.organizationId, 'edit');
    const teamId = await newTeam(org);
    const bodies = [{ add: [member.userId] }, { add: [member.email] }, { memberships: { [member.userId]: { role: 'owner' } } }];
    const answers = await race(
      app,
      Array.from({ length: 20 }, (_, i) => restCall(org.admin.token, 'PUT', `${teamPath(org, teamId)}/members`, bodies[i % 3])),
    );
    expect(statusCounts(answers)).toEqual({ 204: 20 });
    expect(await app.prisma.teamMember.findMany({ where: { teamId }, select: { userId: true, role: true } })).toEqual([
      { userId: member.userId, role: 'owner' },
    ]);
  });

  it('parallel bulk PUTs adding overlapping sets in opposite orders: no deadlock, every member once, counts exact', async () => {
    const org = await createOrg(app);
    const members = await Promise.all(Array.from({ length: 6 }, () => addMember(app, org.organizationId, 'read')));
    const teamId = await newTeam(org);
    const ids = members.map((m) => m.userId);
    const answers = await race(
      app,
      Array.from({ length: 10 }, (_, i) =>
        restCall(org.admin.token, 'PUT', `${teamPath(org, teamId)}/members`, { add: i % 2 ? ids : [...ids].reverse() }),
      ),
    );
    expect(statusCounts(answers)).toEqual({ 204: 10 });
    expect(await app.prisma.teamMember.count({ where: { teamId } })).toBe(6);
    expect((await rest(app, org.admin.token).get(teamPath(org, teamId))).body.members).toBe(6);
    const listed = await rest(app, org.admin.token).get(`/v1/orgs/${org.organizationId}/members/${ids[0]}`);
    expect(listed.body.teams).toBe(1);
  });

  it('10 parallel deletes of one team: all 204; the team and its memberships gone', async () => {
    const org = await createOrg(app);
    const member = await addMember(app, org.organizationId, 'edit');
    const teamId = await newTeam(org);
    expect((await rest(app, org.admin.token).put(`${teamPath(org, teamId)}/members/${member.userId}`, {})).status).toBe(204);
    const answers = await race(app, times(10, restCall(org.admin.token, 'DELETE', teamPath(org, teamId))));
    expect(statusCounts(answers)).toEqual({ 204: 10 });
    expect(await app.prisma.team.count({ where: { id: teamId } })).toBe(0);
    expect(await app.prisma.teamMember.count({ where: { teamId } })).toBe(0);
  });

  it('adds racing a delete of the team: either 204 or 404, never a 500, and no orphan rows', async () => {
    const org = await createOrg(app);
    const member = await addMember(app, org.organizationId, 'edit');
    const teamId = await newTeam(org);
    const answers = await race(app, [
      ...times(5, restCall(org.admin.token, 'PUT', `${teamPath(org, teamId)}/members`, { add: [member.userId] })),
      restCall(org.admin.token, 'DELETE', teamPath(org, teamId)),
    ]);
    expect(
      answers.slice(0, 5).every((a) => a.status === 204 || a.status === 404),
      JSON.stringify(statusCounts(answers)),
    ).toBe(true);
    expect(answers[5].status).toBe(204);
    expect(await app.prisma.team.count({ where: { id: teamId } })).toBe(0);
    expect(await app.prisma.teamMember.count({ where: { teamId } })).toBe(0);
  });

  it('parallel single-member delete: all 204, the membership gone', async () => {
    const org = await createOrg(app);
    const member = await addMember(app, org.organizationId, 'edit');
    const teamId = await newTeam(org);
    const path = `${teamPath(org, teamId)}/members/${member.userId}`;
    expect((await rest(app, org.admin.token).put(path, { role: 'owner' })).status).toBe(204);
    expect(statusCounts(await race(app, times(8, restCall(org.admin.token, 'DELETE', path))))).toEqual({ 204: 8 });
    expect(await app.prisma.teamMember.count({ where: { teamId, userId: member.userId } })).toBe(0);
  });

  it('200 membership changes at once on one team: counts exact, no duplicate rows', async () => {
    const org = await createOrg(app);
    // Members made ten at a time: the fixture is no part of the race.
    const members = [];
    for (let i = 0; i < 15; i++)
      members.push(...(await Promise.all(Array.from({ length: 10 }, () => addMember(app, org.organizationId, 'read')))));
    const teamId = await newTeam(org);
    const staying = members.slice(0, 100);
    const leaving = members.slice(100);
    expect((await rest(app, org.admin.token).put(`${teamPath(org, teamId)}/members`, { add: leaving.map((m) => m.userId) })).status).toBe(
      204,
    );
    const path = (m: { userId: string }) => `${teamPath(org, teamId)}/members/${m.userId}`;
    const requests = [
      // Each staying member added once by id, half of them again by a bulk PUT by e-mail (with a role).
      ...staying.map((m) => restCall(org.admin.token, 'PUT', path(m), {})),
      ...staying
        .slice(0, 50)
        .map((m) =>
          restCall(org.admin.token, 'PUT', `${teamPath(org, teamId)}/members`, { memberships: { [m.email]: { role: 'owner' } } }),
        ),
      // Meanwhile every leaving member removed.
      ...leaving.map((m) => restCall(org.admin.token, 'DELETE', path(m))),
    ];
    const raced = await race(app, requests);
    expect(raced).toHaveLength(200);
    // On a loaded machine some may time out waiting for a connection (503, nothing written, "try again later"):
    // retried as a client would, one by one. Whatever ran at once, the end state must be exact.
    expect(
      raced.every((a) => [204, 503].includes(a.status)),
      JSON.stringify(statusCounts(raced)),
    ).toBe(true);
    const answers = [];
    for (const [i, answer] of raced.entries()) {
      const { method, path: url, body } = requests[i];
      answers.push(answer.status === 503 ? await rest(app, org.admin.token)[method.toLowerCase() as 'put' | 'delete'](url, body) : answer);
    }
    expect(statusCounts(answers)).toEqual({ 204: 200 });
    const rows = await app.prisma.teamMember.groupBy({ by: ['userId'], where: { teamId }, _count: true });
    expect(rows).toHaveLength(100);
    expect(rows.every((r) => r._count === 1)).toBe(true);
    expect(new Set(rows.map((r) => r.userId))).toEqual(new Set(staying.map((m) => m.userId)));
    expect(await app.prisma.teamMember.count({ where: { teamId, role: 'owner' } })).toBe(50);
    expect((await rest(app, org.admin.token).get(teamPath(org, teamId))).body.members).toBe(100);
    const listed = await rest(app, org.admin.token).get(`${teamPath(org, teamId)}/members?limit=1000`);
    expect(listed.body.count).toBe(100);
    expect(new Set(listed.body.items.map((i: any) => i.organization.user.id)).size).toBe(100);
    for (const [who, teams] of [
      [staying[0], 1],
      [staying[99], 1],
      [leaving[0], 0],
      [leaving[49], 0],
    ] as const) {
      expect((await rest(app, org.admin.token).get(`/v1/orgs/${org.organizationId}/members/${who.userId}`)).body.teams).toBe(teams);
    }
  }, 120_000);
});

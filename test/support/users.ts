// Users who belong to no organization yet (to join one), and direct control of
// membership columns the API does not write (disabled, joinedAt, lastSeenAt).
import { randomBytes } from 'node:crypto';
import { issueToken } from '../../src/domain/auth/tokens.js';
import { newId } from '../../src/ids.js';
import type { TestApp } from './app.js';
import type { Caller } from './factories.js';

const unique = () => randomBytes(5).toString('hex');

/** A user with a token and no membership; `verified` says whether their e-mail address is verified. */
export async function createUser(
  app: TestApp,
  {
    domain = `${unique()}.test`,
    email = `user-${unique()}@${domain}`,
    verified = true,
    displayName,
  }: { domain?: string; email?: string; verified?: boolean; displayName?: string } = {},
): Promise<Caller> {
  const user = await app.prisma.user.create({
    data: {
      id: newId('User'),
      email: email.toLowerCase(),
      emailVerified: verified,
      displayName: displayName ?? email.slice(0, email.indexOf('@')),
    },
  });
  const token = await issueToken(app.prisma, user.id, { label: 'test' });
  return { userId: user.id, token: token.secret, email: user.email };
}

/** Sets membership columns that only the platform writes. */
export function setMembership(
  app: TestApp,
  organizationId: string,
  userId: string,
  data: { disabled?: boolean; joinedAt?: Date; lastSeenAt?: Date | null },
) {
  return app.prisma.member.update({ where: { organizationId_userId: { organizationId, userId } }, data });
}

/** A site row (sites have no API of their own yet). */
export function insertSite(app: TestApp, organizationId: string, title = `Site ${unique()}`) {
  return app.prisma.site.create({ data: { id: newId('Site'), organizationId, title } });
}

/** A team with the given members (team management has no API of its own yet). */
export async function insertTeam(
  app: TestApp,
  organizationId: string,
  title: string,
  members: { userId: string; role?: 'owner' | 'member' }[] = [],
) {
  const team = await app.prisma.team.create({ data: { id: newId('Team'), organizationId, title } });
  for (const m of members) {
    await app.prisma.teamMember.create({ data: { organizationId, teamId: team.id, userId: m.userId, role: m.role ?? 'member' } });
  }
  return team;
}

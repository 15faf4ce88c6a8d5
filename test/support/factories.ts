// Test factories: organizations, members with a role and a token, and content
// created through the API itself (so factories obey the same rules as clients).
import { randomBytes } from 'node:crypto';
import { bootstrapOrganization, addUserToOrganization } from '../../src/domain/organizations/provisioning.js';
import type { Role } from '../../src/policy/roles.js';
import type { TestApp } from './app.js';
import { rest } from './http.js';

const unique = () => randomBytes(5).toString('hex');

export interface Caller {
  userId: string;
  token: string;
  email: string;
}

export interface OrgFixture {
  organizationId: string;
  admin: Caller;
}

export async function createOrg(app: TestApp, { title = `Org ${unique()}`, domain = `${unique()}.test` } = {}): Promise<OrgFixture> {
  const email = `admin-${unique()}@${domain}`;
  const { organizationId, userId, token } = await bootstrapOrganization(app.prisma, { title, email });
  return { organizationId, admin: { userId, token, email } };
}

export async function addMember(
  app: TestApp,
  organizationId: string,
  role: Role | 'guest',
  { email = `${role}-${unique()}@member.test`, displayName }: { email?: string; displayName?: string } = {},
): Promise<Caller> {
  const { userId, token } = await addUserToOrganization(app.prisma, {
    organizationId,
    email,
    role: role === 'guest' ? null : role,
    displayName,
  });
  return { userId, token, email: email.toLowerCase() };
}

/** An organization with one member per name, of the role it names (`{ reader: 'read', guest: 'guest' }`). */
export async function orgWithMembers<N extends string>(app: TestApp, roles: Record<N, Role | 'guest'>) {
  const org = await createOrg(app);
  const members = {} as Record<N, Caller>;
  for (const [name, role] of Object.entries(roles) as [N, Role | 'guest'][]) members[name] = await addMember(app, org.organizationId, role);
  return { org, members };
}

/** One caller of each organization role, plus a guest. */
export async function membersOfEveryRole(app: TestApp, organizationId: string) {
  const roles = ['admin', 'create', 'review', 'edit', 'comment', 'read', 'guest'] as const;
  const callers = await Promise.all(roles.map((r) => addMember(app, organizationId, r)));
  return Object.fromEntries(roles.map((r, i) => [r, callers[i]])) as Record<(typeof roles)[number], Caller>;
}

export async function createSpace(app: TestApp, org: OrgFixture, body: Record<string, unknown> = {}) {
  const res = await rest(app, org.admin.token).post(`/v1/orgs/${org.organizationId}/spaces`, { title: `Space ${unique()}`, ...body });
  if (res.status !== 201) throw new Error(`createSpace: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; [key: string]: unknown };
}

export async function createCollection(app: TestApp, org: OrgFixture, body: Record<string, unknown> = {}) {
  const res = await rest(app, org.admin.token).post(`/v1/orgs/${org.organizationId}/collections`, {
    title: `Collection ${unique()}`,
    ...body,
  });
  if (res.status !== 201) throw new Error(`createCollection: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; [key: string]: unknown };
}

/** Two organizations with one admin in common: `source` holds the content, `target` receives transfers. */
export async function adminOfTwoOrganizations(app: TestApp) {
  const source = await createOrg(app);
  const target = await createOrg(app);
  await addMember(app, target.organizationId, 'admin', { email: source.admin.email });
  return { source, target };
}

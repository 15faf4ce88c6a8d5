// Organization roles and content levels, and how they compare.
export const roles = ['admin', 'create', 'review', 'edit', 'comment', 'read'] as const;
export type Role = (typeof roles)[number];
/** A content level: a role, or null for no access. */
export type Level = Role | null;

const rank: Record<Role, number> = { read: 1, comment: 2, edit: 3, review: 4, create: 5, admin: 6 };

export function atLeast(level: Level | undefined, wanted: Role): boolean {
  return level != null && rank[level] >= rank[wanted];
}

export function lower(a: Role, b: Role): Role {
  return rank[a] <= rank[b] ? a : b;
}

export function higher(a: Level, b: Level): Level {
  if (a == null) return b;
  if (b == null) return a;
  return rank[a] >= rank[b] ? a : b;
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value);
}

/**
 * A space's or collection's `memberLevel`, resolved through its parents:
 * "inherit" (members get their organization role), "guest" (no default access)
 * or a role that caps what ordinary members get.
 */
export type MemberLevel = Role | 'inherit' | 'guest';

/** What a member of the given organization role gets on content of `memberLevel`. */
export function contentLevel(role: Level | undefined, memberLevel: string): Level {
  if (role == null) return null; // guests and non-members
  if (role === 'admin') return 'admin';
  if (memberLevel === 'inherit') return role;
  if (memberLevel === 'guest' || !isRole(memberLevel)) return null;
  return lower(role, memberLevel);
}

// Merge rules: {type:"inherit"} (spaces only), {type:"none"}, or
// {type:"rules", rules:[{rule:"require_specific_reviewers", users:[…]}]}.
import { badRequest } from '../../errors.js';
import type { Tx } from '../../db/tx.js';

export type MergeRules =
  | { type: 'inherit' }
  | { type: 'none' }
  | { type: 'rules'; rules: { rule: 'require_specific_reviewers'; users: string[] }[] };

export function parseMergeRules(value: unknown, { allowInherit }: { allowInherit: boolean }): MergeRules {
  const field = 'mergeRules';
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest('must be an object', field);
  const v = value as Record<string, unknown>;
  if (v.type === 'none' || (allowInherit && v.type === 'inherit')) return { type: v.type };
  if (v.type !== 'rules') throw badRequest(`type must be ${allowInherit ? '"inherit", ' : ''}"none" or "rules"`, field);
  if (!Array.isArray(v.rules)) throw badRequest('rules must be an array', `${field}.rules`);
  const rules = v.rules.map((r, i) => {
    const rule = r as Record<string, unknown>;
    if (rule?.rule !== 'require_specific_reviewers') throw badRequest('must be "require_specific_reviewers"', `${field}.rules[${i}].rule`);
    if (!Array.isArray(rule.users) || !rule.users.every((u) => typeof u === 'string')) {
      throw badRequest('must be an array of user ids', `${field}.rules[${i}].users`);
    }
    return { rule: 'require_specific_reviewers' as const, users: rule.users as string[] };
  });
  return { type: 'rules', rules };
}

/** Required reviewers must be members of the organization (a stranger could never review). */
export async function checkReviewersAreMembers(db: Pick<Tx, 'member'>, organizationId: string, mergeRules: MergeRules) {
  if (mergeRules.type !== 'rules') return;
  const named = [...new Set(mergeRules.rules.flatMap((r) => r.users))];
  const members = await db.member.findMany({
    where: { organizationId, userId: { in: named }, disabled: false },
    select: { userId: true },
  });
  const known = new Set(members.map((m) => m.userId));
  mergeRules.rules.forEach((rule, i) => {
    const stranger = rule.users.find((u) => !known.has(u));
    if (stranger) throw badRequest(`"${stranger}" is not a member of this organization`, `mergeRules.rules[${i}].users`);
  });
}

// One user by id (GET /users/{userId}, `user(id:)`): users are global, so who
// may see one is src/policy/user.ts's rule — themselves, and whoever shares an
// organization with them. Anyone else gets 404, as for a user that does not exist.
import type { Context } from '../../context.js';
import { requireActor } from '../../context.js';
import { can, userPolicy } from '../../policy/index.js';
import { notFound } from '../../errors.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { organizationsSharedWithActor } from './loaders.js';

type Query = { include?: Prisma.UserInclude; select?: Prisma.UserSelect };

/** The user `id` when the caller may see them; 404 otherwise (never telling a hidden user from an unknown one). */
export async function findUser(ctx: Context, id: string, query: Query = {}) {
  const actor = requireActor(ctx);
  const organizations = await organizationsSharedWithActor(ctx).load(id);
  if (!can(userPolicy, actor, { id, organizations }, 'view')) throw notFound('User');
  const user = await ctx.prisma.user.findUnique({ ...query, where: { id } });
  if (!user) throw notFound('User');
  return user;
}

// Graph edges to a resource the caller may not see: a readable space can sit in
// a hidden collection, and a share-link reader may belong to another
// organization. Such an edge reads as null (the field's `unauthorizedResolver`)
// rather than as an error, the related row being joined into the query of its parent.
import { requireActor, type Context } from '../../context.js';
import { can, organizationPolicy, type Policy } from '../../policy/index.js';
import type { OrganizationSubject } from '../../policy/organization.js';

/**
 * Whether a joined relation may be shown. A row loaded without the relation
 * (undefined) passes here: the related type's own check then applies.
 */
export function mayShowRelated<R, A extends string>(ctx: Context, policy: Policy<R, A>, related: R | null | undefined): boolean {
  return related == null || can(policy, requireActor(ctx), related, 'view');
}

/** Whether a joined organization may be shown (a space's, a site's): its field's check, and the read planner's. */
export const organizationShown = (org: OrganizationSubject | null | undefined, ctx: Context) =>
  mayShowRelated(ctx, organizationPolicy, org);

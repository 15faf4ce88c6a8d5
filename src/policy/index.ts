// The one place where authorization is decided. Services call `authorize`;
// GraphQL `permissions` fields call `rules`; list queries use the SQL filters.
export { authorize, can, type Policy } from './policy.js';
export { organizationPolicy, mayLookUpEmailDomain, verifiedEmailDomain } from './organization.js';
export { spacePolicy } from './space.js';
export { commentPolicy, commentReplyPolicy, commentingPolicy, type CommentSubject, type CommentReplySubject } from './comment.js';
export { collectionPolicy } from './collection.js';
export { memberPolicy } from './member.js';
export { teamPolicy, teamCreationPolicy, teamMemberPolicy, visibleTeamMembersWhere, teamsManagedByWhere } from './team.js';
export { sitePolicy, siteCreationSubject, siteLookupScope, visibleSitesWhere, type SiteSubject } from './site.js';
export { accountPolicy, tokenPolicy } from './token.js';
export { userPolicy, requireEmailReadable, type UserSubject } from './user.js';
export { agentInstructionsPolicy } from './agentInstructions.js';
export { subdomainPolicy, type SubdomainSubject } from './subdomain.js';
export { visibleContentWhere, contentAudience, contentWhereForRole, tenantScope, spaceLookupScope } from './filters.js';
export { scopes, isScope, parseScopes, requireScopes, type Scope } from './scopes.js';
export type { Actor } from './actor.js';

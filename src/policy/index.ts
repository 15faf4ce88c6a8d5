// The one place where authorization is decided. Services call `authorize`;
// GraphQL `permissions` fields call `rules`; list queries use the SQL filters.
export { authorize, can, type Policy } from './policy.js';
export { organizationPolicy, mayLookUpEmailDomain, selfJoinRefusal, verifiedEmailDomain } from './organization.js';
export { spacePolicy, shownSpacePolicy, authorizeMainLineWrite } from './space.js';
export { changeRequestPolicy, type ChangeRequestSubject } from './changeRequest.js';
export { commentPolicy, commentReplyPolicy, commentingPolicy, type CommentSubject, type CommentReplySubject } from './comment.js';
export { collectionPolicy } from './collection.js';
export { memberPolicy, administers, administratorsWhere } from './member.js';
export { teamPolicy, teamCreationPolicy, teamMemberPolicy, visibleTeamMembersWhere, teamsManagedByWhere } from './team.js';
export { sitePolicy, siteCreationSubject, siteLookupScope, sitesShowingSpacesWhere, visibleSitesWhere, type SiteSubject } from './site.js';
export { accountPolicy, tokenPolicy, visibleTokensWhere } from './token.js';
export { userPolicy, requireEmailReadable, type UserSubject } from './user.js';
export { invitePolicy, type InviteSubject } from './invite.js';
export { levelOn, memberLevelOn } from './content.js';
export { agentInstructionsPolicy } from './agentInstructions.js';
export { subdomainPolicy, type SubdomainSubject } from './subdomain.js';
export {
  visibleContentWhere,
  contentAudience,
  contentWhereForRole,
  tenantScope,
  spaceLookupScope,
  visibleCommentersWhere,
} from './filters.js';
export { searchableSpacesWhere } from './search.js';
export { scopes, isScope, parseScopes, requireScopes, type Scope } from './scopes.js';
export type { Actor, RequestGrants, SiteVisit } from './actor.js';
export { siteVisitorActor, siteVisitorScopes } from './siteVisitor.js';
export { roleIn, noRequestGrants, withRequestGrants, withMembership, withoutMembership } from './actor.js';
export { openAPISpecPolicy } from './openapiSpec.js';
export { conversationsPolicy } from './conversation.js';
export { translationPolicy, type TranslationSubject } from './translation.js';

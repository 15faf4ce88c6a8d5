// The /v1 route table: one line per route, naming the GraphQL operation it
// runs. Path parameters, query parameters and body members fill the
// operation's variables by name (`page` → $after, `limit` → $first; a mutation's
// $input takes the body and the path parameters); see router.ts. A mutation's
// operation selects the one payload field that is the REST answer.
import * as op from '../generated/operations.js';
import type { RouteSpec } from './router.js';
import { pageTree } from './pageTree.js';
import { documentedBody } from '../domain/sites/customization/shapes.js';

const created = { status: 201 } as const;
/** A GET of what never changes (a revision's content): strong ETag, long-lived Cache-Control (router.ts). */
const immutable = { immutable: true } as const;
/** The public document's idempotent deletes: 205 "has been deleted", 204 "did not exist" (the operation answers whether it deleted). */
const deleted = { status: (didDelete: boolean) => (didDelete ? 205 : 204) };
/**
 * A published URL's resolution, served without a token: the public document's
 * members are absent, not null, where they do not apply (no section, no share
 * key), and it has no `object` (its __typename tells content from redirect).
 */
const urlLookup = {
  anonymous: true,
  single: (answer: Record<string, unknown>) => Object.fromEntries(Object.entries(answer).filter(([k, v]) => v !== null && k !== 'object')),
};
/** Deletes the specification (api.md) answers 204 whether or not something was deleted (the public document allows both). */
const deletedNoContent = { status: 204 } as const;
/** A team member item: `{organization: Member, team: {role}, permissions}`. */
const teamMemberItem = (m: { role: string; organization: unknown; permissions: unknown }) => ({
  organization: m.organization,
  team: { role: m.role },
  permissions: m.permissions,
});
/** The body's `memberships` map (user → {role}) as the list the mutation takes; anything else is left for the input checks. */
const membershipsAsList = (body: Record<string, unknown>) => {
  const { memberships } = body;
  if (memberships === null || typeof memberships !== 'object' || Array.isArray(memberships)) return body;
  return {
    ...body,
    memberships: Object.entries(memberships).map(([user, m]) =>
      m !== null && typeof m === 'object' && !Array.isArray(m) ? { user, ...m } : m,
    ),
  };
};

/**
 * An invite as one of the public document's three shapes: to the organization
 * `{role}` (null: guest), to a space `{level, space}`, to a collection
 * `{level, collection}` — never a member of another shape, even a null one.
 */
const inviteShape = (invite: Record<string, unknown>) => {
  const { role, level, ...rest } = invite;
  return rest.space || rest.collection ? { ...rest, level: level ?? null } : { ...rest, role: role ?? null };
};
/** An invite's schema: `role` (organization invites) or `level` (content invites), one of the two. */
const inviteShapeSchema = (schema: Record<string, any>) => ({
  ...schema,
  required: (schema.required ?? []).filter((k: string) => k !== 'role' && k !== 'level'),
});
/** The list's items are documented as organization invites: `role` stays (null for a content invite) beside the level and content. */
const inviteListItem = (invite: Record<string, unknown>) => ({ ...inviteShape(invite), role: invite.role ?? null });
/** A content permission item: `{permission, user}` from the grant's member. */
const userPermissionItem = (p: { permission: string; member: { user: unknown } }) => ({ permission: p.permission, user: p.member.user });
/** The REST body of membershipsAsList: `memberships` is a map of user → {role}, not a list of {user, role}. */
const membershipsAsMap = (schema: Record<string, any>) => {
  const list = schema.properties?.memberships?.anyOf?.[0] ?? schema.properties?.memberships;
  if (!list?.items?.properties) return schema;
  const { user: _user, ...membership } = list.items.properties;
  const value = { ...list.items, properties: membership, required: list.items.required?.filter((k: string) => k !== 'user') };
  return {
    ...schema,
    properties: {
      ...schema.properties,
      memberships: { type: 'object', description: 'User id or e-mail address → {role}.', additionalProperties: value },
    },
  };
};
/** A conversation issue as REST shows it: `{issue, conversation}`. */
const issueEntry = ({ entryConversation, ...issue }: { entryConversation: unknown; [k: string]: unknown }) => ({
  issue,
  conversation: entryConversation,
});
/** A conversation detail: `{conversation, parts, metadata}`. */
const conversationDetail = ({ parts, metadata, ...conversation }: { parts: unknown; metadata: unknown; [k: string]: unknown }) => ({
  conversation,
  parts,
  metadata,
});
/**
 * A SAML provider as the public document requires it. A pending provider (created with only a label) has no entity id,
 * certificate or sign-on URL yet, where the document requires all three: empty strings, and `about:blank` (RFC 6694,
 * "no document") for the URL, which must be a URI; `status: pending` says they are not set.
 */
const samlProviderShape = (p: Record<string, unknown>) => ({
  ...p,
  entityID: p.entityID ?? '',
  certificate: p.certificate ?? '',
  ssoURL: p.ssoURL ?? 'about:blank',
});
const samlProvider = { single: samlProviderShape } as const;
/** Merge and update: `{revision, result}`; conflicts are a 409 naming the pages (and nothing changed). */
const mergeOutcome = {
  failure: (a: { result: string; conflicts: { page: string; reason: string }[] }) =>
    a.result === 'conflicts'
      ? { status: 409 as const, message: `Conflicts: ${a.conflicts.map((c) => `page ${c.page}: ${c.reason}`).join('; ')}` }
      : undefined,
};
/** PDF exports: `{url}` (the operation's answer follows down to the URL itself). */
const pdfUrl = {
  single: (url: string) => ({ url }),
  singleSchema: () => ({
    type: 'object',
    properties: { url: { type: 'string', description: 'Signed URL of the PDF: it works for one hour.' } },
    required: ['url'],
  }),
};

/**
 * An OpenAPI spec version's content: `urls.public` is null for a private spec (the public document requires the
 * member, null or a URL), where the generic dress drops null members.
 */
const specContent = {
  single: (c: { filesystem: unknown; urls: { source: string; public?: string | null } }) => ({
    ...c,
    urls: { source: c.urls.source, public: c.urls.public ?? null },
  }),
  singleSchema: (schema: Record<string, any>, resolve: (schema: Record<string, any>) => Record<string, any>) => {
    const urls = resolve(schema.properties.urls);
    const publicUrl = { oneOf: [{ type: 'null' }, { type: 'string', format: 'uri' }], description: urls.properties?.public?.description };
    return {
      ...schema,
      properties: {
        ...schema.properties,
        urls: { ...urls, properties: { ...urls.properties, public: publicUrl }, required: ['source', 'public'] },
      },
    };
  },
};

export const routes: RouteSpec[] = [
  // 4.13 Organizations and members
  ['GET', '/orgs', op.ListOrganizationsDocument],
  ['GET', '/orgs/:organizationId', op.GetOrganizationDocument],
  ['PATCH', '/orgs/:organizationId', op.UpdateOrganizationDocument],
  ['POST', '/orgs/:organizationId/join', op.JoinOrganizationDocument, { status: 204 }],
  ['GET', '/email-domains/:emailDomain/orgs', op.OrganizationsForEmailDomainDocument, { whole: true }],
  ['GET', '/subdomains/:subdomain', op.GetSubdomainDocument],
  ['GET', '/orgs/:organizationId/members', op.ListMembersDocument],
  ['GET', '/orgs/:organizationId/members/:userId', op.GetMemberDocument],
  ['PATCH', '/orgs/:organizationId/members/:userId', op.UpdateMemberDocument],
  ['DELETE', '/orgs/:organizationId/members/:userId', op.RemoveMemberDocument, deleted],
  ['GET', '/orgs/:organizationId/members/:userId/spaces', op.ListMemberSpacesDocument],
  ['GET', '/orgs/:organizationId/agent-instructions', op.GetAgentInstructionsDocument],
  ['PUT', '/orgs/:organizationId/agent-instructions', op.SetAgentInstructionsDocument],
  ['GET', '/orgs/:organizationId/search', op.SearchOrganizationContentDocument],
  [
    'GET',
    '/orgs/:organizationId/members/:userId/teams',
    op.ListMemberTeamsDocument,
    { item: (m: { role: string; team: unknown }) => ({ team: m.team, member: { role: m.role } }) },
  ],
  ['GET', '/orgs/:organizationId/link-invites', op.ListOrganizationInvitesDocument, { item: inviteListItem }],
  [
    'POST',
    '/orgs/:organizationId/link-invites',
    op.CreateOrganizationInviteDocument,
    { status: 201, single: inviteShape, singleSchema: inviteShapeSchema },
  ],
  [
    'GET',
    '/orgs/:organizationId/link-invites/:inviteId',
    op.GetOrganizationInviteDocument,
    { single: inviteShape, singleSchema: inviteShapeSchema },
  ],
  ['DELETE', '/orgs/:organizationId/link-invites/:inviteId', op.DeleteOrganizationInviteDocument, deleted],
  ['POST', '/orgs/:organizationId/invites/:inviteId', op.JoinOrganizationWithInviteDocument],

  // 4.6 SSO, and the SSO members and ping of 4.13
  ['GET', '/orgs/:organizationId/saml', op.ListSamlProvidersDocument, { item: samlProviderShape }],
  ['POST', '/orgs/:organizationId/saml', op.CreateSamlProviderDocument, { ...created, ...samlProvider }],
  ['GET', '/orgs/:organizationId/saml/:samlProviderId', op.GetSamlProviderDocument, samlProvider],
  ['PATCH', '/orgs/:organizationId/saml/:samlProviderId', op.UpdateSamlProviderDocument, samlProvider],
  ['DELETE', '/orgs/:organizationId/saml/:samlProviderId', op.DeleteSamlProviderDocument, deletedNoContent],
  ['GET', '/orgs/:organizationId/sso', op.ListSsoLoginsDocument],
  ['POST', '/orgs/:organizationId/members/:userId/sso', op.SetSsoMemberDocument],
  ['POST', '/orgs/:organizationId/ping', op.PingOrganizationDocument],

  // 4.12 Spaces
  ['GET', '/orgs/:organizationId/spaces', op.ListOrganizationSpacesDocument],
  ['POST', '/orgs/:organizationId/spaces', op.CreateSpaceDocument, created],
  ['GET', '/spaces/:spaceId', op.GetSpaceDocument],
  ['PATCH', '/spaces/:spaceId', op.UpdateSpaceDocument],
  ['DELETE', '/spaces/:spaceId', op.DeleteSpaceDocument, deleted],
  ['POST', '/spaces/:spaceId/duplicate', op.DuplicateSpaceDocument, created],
  ['POST', '/spaces/:spaceId/restore', op.RestoreSpaceDocument],
  ['POST', '/spaces/:spaceId/move', op.MoveSpaceDocument],
  ['POST', '/spaces/:spaceId/transfer', op.TransferSpaceDocument],
  ['GET', '/spaces/:spaceId/links', op.GetSpaceLinksDocument],
  ['POST', '/spaces/:spaceId/permissions', op.GrantContentPermissionsDocument, { status: 204 }],
  ['GET', '/spaces/:spaceId/permissions/teams', op.ListSpaceTeamPermissionsDocument],
  ['PATCH', '/spaces/:spaceId/permissions/teams/:teamId', op.GrantContentPermissionsDocument, { status: 204 }],
  ['DELETE', '/spaces/:spaceId/permissions/teams/:teamId', op.RemoveContentPermissionDocument, deleted],
  ['GET', '/spaces/:spaceId/permissions/users', op.ListSpaceUserPermissionsDocument, { item: userPermissionItem }],
  ['PATCH', '/spaces/:spaceId/permissions/users/:userId', op.GrantContentPermissionsDocument, { status: 204 }],
  ['DELETE', '/spaces/:spaceId/permissions/users/:userId', op.RemoveContentPermissionDocument, deleted],

  // 4.14 Change requests, 4.15 change request content, 4.16 space content
  ['GET', '/spaces/:spaceId/change-requests', op.ListSpaceChangeRequestsDocument],
  ['POST', '/spaces/:spaceId/change-requests', op.CreateChangeRequestDocument, created],
  ['GET', '/spaces/:spaceId/change-requests/:changeRequestId', op.GetChangeRequestDocument],
  ['PATCH', '/spaces/:spaceId/change-requests/:changeRequestId', op.UpdateChangeRequestDocument],
  ['POST', '/spaces/:spaceId/change-requests/:changeRequestId/merge', op.MergeChangeRequestDocument, mergeOutcome],
  ['POST', '/spaces/:spaceId/change-requests/:changeRequestId/update', op.UpdateChangeRequestFromMainDocument, mergeOutcome],
  ['POST', '/spaces/:spaceId/change-requests/:changeRequestId/reviews', op.SubmitChangeRequestReviewDocument, created],
  [
    'POST',
    '/spaces/:spaceId/change-requests/:changeRequestId/requested-reviewers',
    op.RequestChangeRequestReviewersDocument,
    { whole: true, item: undefined, body: undefined, status: 200 },
  ],
  ['GET', '/spaces/:spaceId/change-requests/:changeRequestId/contributors', op.ListChangeRequestContributorsDocument],
  ['GET', '/spaces/:spaceId/change-requests/:changeRequestId/content', op.GetChangeRequestContentDocument, pageTree],
  ['POST', '/spaces/:spaceId/change-requests/:changeRequestId/content', op.UpdateChangeRequestContentDocument],
  ['GET', '/spaces/:spaceId/change-requests/:changeRequestId/content/pages', op.ListChangeRequestPagesDocument, pageTree],
  ['GET', '/spaces/:spaceId/change-requests/:changeRequestId/content/page/:pageId', op.GetChangeRequestPageDocument, pageTree],
  ['GET', '/spaces/:spaceId/change-requests/:changeRequestId/content/path/:pagePath', op.GetChangeRequestPageByPathDocument, pageTree],
  ['GET', '/orgs/:organizationId/change-requests', op.ListOrganizationChangeRequestsDocument],
  ['GET', '/spaces/:spaceId/content', op.GetSpaceContentDocument, pageTree],
  ['POST', '/spaces/:spaceId/content/template', op.ApplySpaceTemplateDocument, { status: 201 }],
  ['GET', '/spaces/:spaceId/content/pages', op.ListSpacePagesDocument, pageTree],
  ['GET', '/spaces/:spaceId/content/page/:pageId', op.GetSpacePageDocument, pageTree],
  ['GET', '/spaces/:spaceId/content/path/:pagePath', op.GetSpacePageByPathDocument, pageTree],
  ['GET', '/spaces/:spaceId/content/files', op.ListSpaceFilesDocument],
  ['GET', '/spaces/:spaceId/content/files/:fileId', op.GetSpaceFileDocument],
  ['GET', '/spaces/:spaceId/change-requests/:changeRequestId/content/files', op.ListChangeRequestFilesDocument],
  ['GET', '/spaces/:spaceId/change-requests/:changeRequestId/content/files/:fileId', op.GetChangeRequestFileDocument],
  ['GET', '/spaces/:spaceId/revisions/:revisionId/files', op.ListRevisionFilesDocument],
  ['GET', '/spaces/:spaceId/revisions/:revisionId/files/:fileId', op.GetRevisionFileDocument],
  ['GET', '/spaces/:spaceId/pdf', op.GetSpacePdfDocument, pdfUrl],
  ['GET', '/spaces/:spaceId/change-requests/:changeRequestId/pdf', op.GetChangeRequestPdfDocument, pdfUrl],
  ['GET', '/spaces/:spaceId/content/page/:pageId/links', op.GetSpacePageLinksDocument],
  ['GET', '/spaces/:spaceId/content/page/:pageId/backlinks', op.ListSpacePageBacklinksDocument],
  ['GET', '/spaces/:spaceId/content/files/:fileId/backlinks', op.ListSpaceFileBacklinksDocument],
  ['GET', '/spaces/:spaceId/change-requests/:changeRequestId/content/page/:pageId/links', op.GetChangeRequestPageLinksDocument],
  ['GET', '/spaces/:spaceId/change-requests/:changeRequestId/content/page/:pageId/backlinks', op.ListChangeRequestPageBacklinksDocument],
  ['GET', '/spaces/:spaceId/change-requests/:changeRequestId/content/files/:fileId/backlinks', op.ListChangeRequestFileBacklinksDocument],
  ['GET', '/spaces/:spaceId/search', op.SearchSpaceContentDocument],

  // 4.10 Collections
  ['GET', '/orgs/:organizationId/collections', op.ListOrganizationCollectionsDocument],
  ['POST', '/orgs/:organizationId/collections', op.CreateCollectionDocument, created],
  ['GET', '/collections/:collectionId', op.GetCollectionDocument],
  ['PATCH', '/collections/:collectionId', op.UpdateCollectionDocument],
  ['DELETE', '/collections/:collectionId', op.DeleteCollectionDocument, deleted],
  ['GET', '/collections/:collectionId/spaces', op.ListCollectionSpacesDocument],
  ['POST', '/collections/:collectionId/move', op.MoveCollectionDocument],
  ['POST', '/collections/:collectionId/transfer', op.TransferCollectionDocument],
  ['POST', '/collections/:collectionId/permissions', op.GrantContentPermissionsDocument, { status: 204 }],
  ['GET', '/collections/:collectionId/permissions/teams', op.ListCollectionTeamPermissionsDocument],
  ['PATCH', '/collections/:collectionId/permissions/teams/:teamId', op.GrantContentPermissionsDocument, { status: 204 }],
  ['DELETE', '/collections/:collectionId/permissions/teams/:teamId', op.RemoveContentPermissionDocument, deleted],
  ['GET', '/collections/:collectionId/permissions/users', op.ListCollectionUserPermissionsDocument, { item: userPermissionItem }],
  ['PATCH', '/collections/:collectionId/permissions/users/:userId', op.GrantContentPermissionsDocument, { status: 204 }],
  ['DELETE', '/collections/:collectionId/permissions/users/:userId', op.RemoveContentPermissionDocument, deleted],

  // 4.1 Sites
  ['GET', '/orgs/:organizationId/sites', op.ListOrganizationSitesDocument],
  ['POST', '/orgs/:organizationId/sites', op.CreateSiteDocument, created],
  ['GET', '/orgs/:organizationId/sites/:siteId', op.GetSiteDocument],
  ['PATCH', '/orgs/:organizationId/sites/:siteId', op.UpdateSiteDocument],
  ['DELETE', '/orgs/:organizationId/sites/:siteId', op.DeleteSiteDocument, deletedNoContent],
  ['POST', '/orgs/:organizationId/sites/:siteId/publish', op.PublishSiteDocument],
  ['POST', '/orgs/:organizationId/sites/:siteId/unpublish', op.UnpublishSiteDocument],

  // 4.4 Site spaces
  ['GET', '/orgs/:organizationId/sites/:siteId/site-spaces', op.ListSiteSpacesDocument],
  ['POST', '/orgs/:organizationId/sites/:siteId/site-spaces', op.AddSiteSpaceDocument, created],
  ['PATCH', '/orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId', op.UpdateSiteSpaceDocument],
  ['DELETE', '/orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId', op.DeleteSiteSpaceDocument, deletedNoContent],

  // 4.5 Site share links
  ['GET', '/orgs/:organizationId/sites/:siteId/share-links', op.ListShareLinksDocument],
  ['POST', '/orgs/:organizationId/sites/:siteId/share-links', op.CreateShareLinkDocument, created],
  ['PATCH', '/orgs/:organizationId/sites/:siteId/share-links/:shareLinkId', op.UpdateShareLinkDocument],
  ['DELETE', '/orgs/:organizationId/sites/:siteId/share-links/:shareLinkId', op.DeleteShareLinkDocument, deletedNoContent],

  // 4.2 Site section groups, 4.3 sections, and the order of the structure
  ['GET', '/orgs/:organizationId/sites/:siteId/section-groups', op.ListSiteSectionGroupsDocument],
  ['POST', '/orgs/:organizationId/sites/:siteId/section-groups', op.AddSiteSectionGroupDocument, created],
  ['PATCH', '/orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId', op.UpdateSiteSectionGroupDocument],
  ['DELETE', '/orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId', op.DeleteSiteSectionGroupDocument, deletedNoContent],
  ['POST', '/orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId/sections', op.AddSectionToGroupDocument, created],
  [
    'DELETE',
    '/orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId/sections/:siteSectionId',
    op.RemoveSectionFromGroupDocument,
    deleted,
  ],
  ['GET', '/orgs/:organizationId/sites/:siteId/sections', op.ListSiteSectionsDocument],
  ['POST', '/orgs/:organizationId/sites/:siteId/sections', op.AddSiteSectionDocument, created],
  ['PATCH', '/orgs/:organizationId/sites/:siteId/sections/:siteSectionId', op.UpdateSiteSectionDocument],
  ['DELETE', '/orgs/:organizationId/sites/:siteId/sections/:siteSectionId', op.DeleteSiteSectionDocument, deletedNoContent],
  ['POST', '/orgs/:organizationId/sites/:siteId/sections/:siteSectionId/move', op.MoveSiteSectionDocument],
  ['POST', '/orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId/move', op.MoveSiteSectionGroupDocument],
  ['POST', '/orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId/move', op.MoveSiteSpaceDocument],
  ['PATCH', '/orgs/:organizationId/sites/:siteId/structure/sort', op.SortSiteStructureDocument],

  // 4.1 Adaptive content
  ['GET', '/orgs/:organizationId/sites/:siteId/adaptive-schema', op.GetSiteAdaptiveSchemaDocument],
  ['PUT', '/orgs/:organizationId/sites/:siteId/adaptive-schema', op.UpdateSiteAdaptiveSchemaDocument],
  ['GET', '/orgs/:organizationId/sites/:siteId/adaptive-schema/template-conditions', op.ListSiteAdaptiveTemplateConditionsDocument],
  ['GET', '/orgs/:organizationId/sites/:siteId/published', op.GetPublishedSiteDocument],
  // Published content: a visitor's URL resolved, with a site visitor token (docs/tokens.md)
  ['POST', '/urls/published', op.ResolvePublishedContentByUrlDocument, urlLookup],
  ['GET', '/urls/published', op.GetPublishedContentByUrlDocument, { ...urlLookup, deprecated: 'POST /urls/published replaces it' }],

  // 4.8 Teams and team members
  ['GET', '/orgs/:organizationId/teams', op.ListTeamsDocument],
  ['PUT', '/orgs/:organizationId/teams', op.CreateTeamDocument, created],
  ['GET', '/orgs/:organizationId/teams/:teamId', op.GetTeamDocument],
  ['PATCH', '/orgs/:organizationId/teams/:teamId', op.UpdateTeamDocument],
  ['DELETE', '/orgs/:organizationId/teams/:teamId', op.DeleteTeamDocument, deletedNoContent],
  ['GET', '/orgs/:organizationId/teams/:teamId/members', op.ListTeamMembersDocument, { item: teamMemberItem }],
  [
    'PUT',
    '/orgs/:organizationId/teams/:teamId/members',
    op.UpdateTeamMembersDocument,
    { status: 204, body: membershipsAsList, bodySchema: membershipsAsMap },
  ],
  ['PUT', '/orgs/:organizationId/teams/:teamId/members/:userId', op.SetTeamMemberDocument, { status: 204 }],
  ['DELETE', '/orgs/:organizationId/teams/:teamId/members/:userId', op.RemoveTeamMemberDocument, deletedNoContent],

  // 4.11 OpenAPI specifications
  ['GET', '/orgs/:organizationId/openapi', op.ListOpenApiSpecsDocument],
  ['POST', '/orgs/:organizationId/openapi', op.CreateOpenApiSpecDocument, created],
  ['GET', '/orgs/:organizationId/openapi/:specSlug', op.GetOpenApiSpecDocument],
  [
    'PUT',
    '/orgs/:organizationId/openapi/:specSlug',
    op.PutOpenApiSpecDocument,
    {
      status: (a: { created: boolean }) => (a.created ? 201 : 200),
      single: (a: { spec: unknown }) => a.spec,
      singleSchema: (answer, resolve) => resolve(answer.properties.spec),
    },
  ],
  ['PATCH', '/orgs/:organizationId/openapi/:specSlug', op.UpdateOpenApiSpecDocument],
  ['DELETE', '/orgs/:organizationId/openapi/:specSlug', op.DeleteOpenApiSpecDocument, deleted],

  // 4.7 Translations
  ['GET', '/orgs/:organizationId/translations', op.ListTranslationsDocument],
  ['POST', '/orgs/:organizationId/translations', op.CreateTranslationDocument, created],
  ['GET', '/orgs/:organizationId/translations/:translationId', op.GetTranslationDocument],
  ['PUT', '/orgs/:organizationId/translations/:translationId', op.UpdateTranslationDocument],
  ['DELETE', '/orgs/:organizationId/translations/:translationId', op.DeleteTranslationDocument, deletedNoContent],
  ['POST', '/orgs/:organizationId/translations/:translationId/run', op.RunTranslationDocument, { status: 204 }],

  // 4.17 Conversations
  ['GET', '/orgs/:organizationId/conversations-clusters', op.ListIssuesClustersDocument],
  ['GET', '/orgs/:organizationId/conversations', op.ListConversationsDocument],
  [
    'POST',
    '/orgs/:organizationId/conversations',
    op.IngestConversationDocument,
    { status: 204, body: (conversation) => ({ conversations: [conversation] }) },
  ],
  ['GET', '/orgs/:organizationId/conversations-issues', op.ListConversationIssuesDocument, { item: issueEntry }],
  ['GET', '/orgs/:organizationId/conversations-issues/:issueId', op.GetConversationIssueDocument, { single: issueEntry }],
  ['GET', '/orgs/:organizationId/conversations/:conversationId', op.GetConversationDocument, { single: conversationDetail }],
  // 4.9 Comments: a space's own, and a change request's (its id or number)
  ['GET', '/spaces/:spaceId/comments', op.ListCommentsDocument],
  ['POST', '/spaces/:spaceId/comments', op.PostCommentDocument],
  ['GET', '/spaces/:spaceId/comments/:commentId', op.GetCommentDocument],
  ['PUT', '/spaces/:spaceId/comments/:commentId', op.UpdateCommentDocument],
  ['DELETE', '/spaces/:spaceId/comments/:commentId', op.DeleteCommentDocument, deleted],
  ['GET', '/spaces/:spaceId/comments/:commentId/replies', op.ListCommentRepliesDocument],
  ['POST', '/spaces/:spaceId/comments/:commentId/replies', op.PostCommentReplyDocument],
  ['GET', '/spaces/:spaceId/comments/:commentId/replies/:commentReplyId', op.GetCommentReplyDocument],
  ['PUT', '/spaces/:spaceId/comments/:commentId/replies/:commentReplyId', op.UpdateCommentReplyDocument],
  ['DELETE', '/spaces/:spaceId/comments/:commentId/replies/:commentReplyId', op.DeleteCommentReplyDocument, deleted],
  ['GET', '/spaces/:spaceId/commenters', op.ListCommentersDocument],
  ['GET', '/spaces/:spaceId/change-requests/:changeRequestId/comments', op.ListCommentsDocument],
  ['POST', '/spaces/:spaceId/change-requests/:changeRequestId/comments', op.PostCommentDocument],
  ['GET', '/spaces/:spaceId/change-requests/:changeRequestId/comments/:commentId', op.GetCommentDocument],
  ['PUT', '/spaces/:spaceId/change-requests/:changeRequestId/comments/:commentId', op.UpdateCommentDocument],
  ['DELETE', '/spaces/:spaceId/change-requests/:changeRequestId/comments/:commentId', op.DeleteCommentDocument, deletedNoContent],
  ['GET', '/spaces/:spaceId/change-requests/:changeRequestId/comments/:commentId/replies', op.ListCommentRepliesDocument],
  ['POST', '/spaces/:spaceId/change-requests/:changeRequestId/comments/:commentId/replies', op.PostCommentReplyDocument],
  ['GET', '/spaces/:spaceId/change-requests/:changeRequestId/comments/:commentId/replies/:commentReplyId', op.GetCommentReplyDocument],
  ['PUT', '/spaces/:spaceId/change-requests/:changeRequestId/comments/:commentId/replies/:commentReplyId', op.UpdateCommentReplyDocument],
  [
    'DELETE',
    '/spaces/:spaceId/change-requests/:changeRequestId/comments/:commentId/replies/:commentReplyId',
    op.DeleteCommentReplyDocument,
    deleted,
  ],
  ['GET', '/spaces/:spaceId/change-requests/:changeRequestId/commenters', op.ListCommentersDocument],
  // 4.16 Revisions by id (immutable), and the meta links of a page
  ['GET', '/spaces/:spaceId/revisions/:revisionId', op.GetRevisionDocument, { ...pageTree, ...immutable }],
  ['GET', '/spaces/:spaceId/revisions/:revisionId/changes', op.GetRevisionChangesDocument, immutable],
  ['GET', '/spaces/:spaceId/revisions/:revisionId/pages', op.ListRevisionPagesDocument, { ...pageTree, ...immutable }],
  ['GET', '/spaces/:spaceId/revisions/:revisionId/page/:pageId', op.GetRevisionPageDocument, { ...pageTree, ...immutable }],
  [
    'GET',
    '/spaces/:spaceId/revisions/:revisionId/path/:pagePath',
    op.GetRevisionPageByPathDocument,
    { ...pageTree, ...immutable, slashes: 'pagePath' },
  ],
  ['GET', '/spaces/:spaceId/revisions/:revisionId/page/:pageId/document', op.GetRevisionPageDocumentDocument, immutable],
  ['GET', '/spaces/:spaceId/revisions/:revisionId/page/:pageId/meta-links', op.ListRevisionPageMetaLinksDocument],
  ['GET', '/spaces/:spaceId/content/page/:pageId/meta-links', op.ListSpacePageMetaLinksDocument],
  ['GET', '/spaces/:spaceId/change-requests/:changeRequestId/content/page/:pageId/meta-links', op.ListChangeRequestPageMetaLinksDocument],
  // 4.1 Site customization: the body is the settings (overrides) object itself
  ['GET', '/orgs/:organizationId/sites/:siteId/customization', op.GetSiteCustomizationDocument],
  [
    'PUT',
    '/orgs/:organizationId/sites/:siteId/customization',
    op.UpdateSiteCustomizationDocument,
    {
      body: (settings) => ({ settings }),
      bodySchema: () => documentedBody('SiteCustomizationSettingsBase', 'Every setting (SiteCustomizationSettingsInput).'),
    },
  ],
  ['GET', '/orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId/customization', op.GetSiteSpaceCustomizationDocument],
  [
    'PATCH',
    '/orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId/customization',
    op.OverrideSiteSpaceCustomizationDocument,
    {
      body: (overrides) => ({ overrides }),
      bodySchema: () => documentedBody('SiteSpaceCustomizationOverrides', 'The settings to override; null resets one.'),
    },
  ],
  [
    'DELETE',
    '/orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId/customization',
    op.DeleteSiteSpaceCustomizationDocument,
    { status: 204 },
  ],
  // 4.1 Site redirects
  ['GET', '/orgs/:organizationId/sites/:siteId/redirects', op.ListSiteRedirectsDocument],
  ['POST', '/orgs/:organizationId/sites/:siteId/redirects', op.CreateSiteRedirectDocument, created],
  [
    'PUT',
    '/orgs/:organizationId/sites/:siteId/redirects',
    op.BulkUpsertSiteRedirectsDocument,
    {
      single: (results) => ({ results }),
      singleSchema: (answer) => ({ type: 'object', properties: { results: answer }, required: ['results'] }),
    },
  ],
  ['PATCH', '/orgs/:organizationId/sites/:siteId/redirects/:siteRedirectId', op.UpdateSiteRedirectDocument],
  ['DELETE', '/orgs/:organizationId/sites/:siteId/redirects/:siteRedirectId', op.DeleteSiteRedirectDocument, { status: 204 }],
  ['GET', '/orgs/:organizationId/sites/:siteId/redirect', op.GetSiteRedirectBySourceDocument],
  // Users: every member's user.urls.location, and the caller
  ['GET', '/users/:userId', op.GetUserByIdDocument],
  ['GET', '/user', op.GetAuthenticatedUserDocument],

  // OpenAPI spec versions: the processed content, and the source as fetched
  ['GET', '/orgs/:organizationId/openapi/:specSlug/versions/latest/content', op.GetLatestOpenApiSpecVersionContentDocument, specContent],
  ['GET', '/orgs/:organizationId/openapi/:specSlug/versions/latest/content/raw', op.GetLatestOpenApiSpecVersionContentRawDocument],
  ['GET', '/orgs/:organizationId/openapi/:specSlug/versions/:versionId/content', op.GetOpenApiSpecVersionContentByIdDocument, specContent],

  // Site search over the spaces the site publishes
  ['POST', '/orgs/:organizationId/sites/:siteId/search', op.SearchSiteContentDocument],

  // Embeds (from the URL alone) and reusable contents (none in Quire's content model: 404)
  ['GET', '/spaces/:spaceId/embed', op.GetEmbedByUrlInSpaceDocument],
  ['GET', '/spaces/:spaceId/revisions/:revisionId/reusable-contents/:reusableContentId', op.GetReusableContentInRevisionByIdDocument],
  [
    'GET',
    '/spaces/:spaceId/revisions/:revisionId/reusable-contents/:reusableContentId/document',
    op.GetReusableContentDocumentInRevisionByIdDocument,
  ],
];

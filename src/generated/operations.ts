/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** Whether a link leads somewhere. */
export type ContentLinkStatus =
  /** The target does not exist. */
  | 'BROKEN'
  /** The target is only reachable in the app. */
  | 'IN_APP'
  /** The target exists. */
  | 'OK';

/** A sibling item: a space or a collection. */
export type ContentPointerInput = {
  /** Id of the collection, when `type` is COLLECTION. */
  collection?: string | number | null | undefined;
  /** Id of the space, when `type` is SPACE. */
  space?: string | number | null | undefined;
  /** Which of `space` and `collection` names the item. */
  type: ContentPointerType;
};

/** The kind of item a pointer names. */
export type ContentPointerType =
  /** A collection. */
  | 'COLLECTION'
  /** A space. */
  | 'SPACE';

/** Where to place an item among its siblings; at the end when omitted. */
export type ContentPositionInput = {
  /** Place the item just after this sibling. */
  after?: ContentPointerInput | null | undefined;
  /** Place the item just before this sibling. */
  before?: ContentPointerInput | null | undefined;
};

/** Who may read published content. */
export type ContentVisibility =
  /** As its collection says. */
  | 'IN_COLLECTION'
  /** Members of the organization only. */
  | 'PRIVATE'
  /** Anyone, and it is listed. */
  | 'PUBLIC'
  /** Anyone with the secret share key. */
  | 'SHARE_LINK'
  /** Anyone with the link. */
  | 'UNLISTED'
  /** Visitors authenticated by the publisher. */
  | 'VISITOR_AUTH';

/** Arguments of createCollection. */
export type CreateCollectionInput = {
  /** Any value of the client, answered unchanged in the payload. */
  clientMutationId?: string | number | null | undefined;
  /** Organization the collection belongs to. */
  organizationId: string | number;
  /** Parent collection; the root of the organization when omitted. */
  parent?: string | number | null | undefined;
  /** Title; may be empty. */
  title?: string | null | undefined;
};

/** Arguments of createSpace. */
export type CreateSpaceInput = {
  /** Any value of the client, answered unchanged in the payload. */
  clientMutationId?: string | number | null | undefined;
  /**
   * Source of computed content.
   * @deprecated Not supported by Quire: rejected with a 400.
   */
  computedSource?: unknown;
  /** How the space may be edited. */
  editMode?: EditMode | null | undefined;
  /** One emoji (or its code points in hex). */
  emoji?: string | null | undefined;
  /** Create the space with no page in it (by default it opens on one empty page). */
  empty?: boolean | null | undefined;
  /** Language of the content. */
  language?: Language | null | undefined;
  /** Organization the space belongs to. */
  organizationId: string | number;
  /** Parent collection; the root of the organization when omitted. */
  parent?: string | number | null | undefined;
  /**
   * Template to start from.
   * @deprecated Not supported by Quire: rejected with a 400.
   */
  template?: unknown;
  /** Title; may be empty. */
  title?: string | null | undefined;
};

/** Arguments of createTeam. */
export type CreateTeamInput = {
  /** Any value of the client, answered unchanged in the payload. */
  clientMutationId?: string | number | null | undefined;
  /** Members to put in the team (user ids or e-mail addresses of organization members). */
  members?: Array<string> | null | undefined;
  /** Organization the team belongs to. */
  organizationId: string | number;
  /** Title of the team: 1 to 64 characters (required). */
  title?: string | null | undefined;
};

/** What kind of content opens by default. */
export type DefaultContentType =
  /** A published site. */
  | 'SITE';

/** Default level of organization members on content: a role, or inherit from the parent. Null: no default access. */
export type DefaultLevel =
  /** Everything, the organization and its members included. */
  | 'ADMIN'
  /** Comments on content, besides reading. */
  | 'COMMENT'
  /** Creates spaces and collections, besides reviewing. */
  | 'CREATE'
  /** Edits content, besides commenting. */
  | 'EDIT'
  /** The level of the parent collection (or the organization). */
  | 'INHERIT'
  /** Reads content. */
  | 'READ'
  /** Reviews and merges change requests, besides editing. */
  | 'REVIEW';

/** Arguments of deleteCollection. */
export type DeleteCollectionInput = {
  /** Any value of the client, answered unchanged in the payload. */
  clientMutationId?: string | number | null | undefined;
  /** Id of the collection. */
  collectionId: string | number;
};

/** Arguments of deleteSpace. */
export type DeleteSpaceInput = {
  /** Any value of the client, answered unchanged in the payload. */
  clientMutationId?: string | number | null | undefined;
  /** Id of the space. */
  spaceId: string | number;
};

/** Arguments of deleteTeam. */
export type DeleteTeamInput = {
  /** Any value of the client, answered unchanged in the payload. */
  clientMutationId?: string | number | null | undefined;
  /** Id of the organization. */
  organizationId: string | number;
  /** Id of the team. */
  teamId: string | number;
};

/** Arguments of duplicateSpace. */
export type DuplicateSpaceInput = {
  /** Any value of the client, answered unchanged in the payload. */
  clientMutationId?: string | number | null | undefined;
  /** Id of the space. */
  spaceId: string | number;
};

/** How content may be edited. */
export type EditMode =
  /** Edited directly, without change requests. */
  | 'LIVE'
  /** Edited through change requests only. */
  | 'LOCKED';

/** Arguments of joinOrganization. */
export type JoinOrganizationInput = {
  /** Any value of the client, answered unchanged in the payload. */
  clientMutationId?: string | number | null | undefined;
  /** Id of the organization to join. */
  organizationId: string | number;
};

/** Language of content (ISO 639-1 code, with a region for pt-br and zh-tw). */
export type Language =
  /** Arabic ("ar"). */
  | 'AR'
  /** Bulgarian ("bg"). */
  | 'BG'
  /** Czech ("cs"). */
  | 'CS'
  /** Danish ("da"). */
  | 'DA'
  /** German ("de"). */
  | 'DE'
  /** Greek ("el"). */
  | 'EL'
  /** English ("en"). */
  | 'EN'
  /** Spanish ("es"). */
  | 'ES'
  /** Estonian ("et"). */
  | 'ET'
  /** Finnish ("fi"). */
  | 'FI'
  /** French ("fr"). */
  | 'FR'
  /** Hebrew ("he"). */
  | 'HE'
  /** Hindi ("hi"). */
  | 'HI'
  /** Croatian ("hr"). */
  | 'HR'
  /** Hungarian ("hu"). */
  | 'HU'
  /** Indonesian ("id"). */
  | 'ID'
  /** Italian ("it"). */
  | 'IT'
  /** Japanese ("ja"). */
  | 'JA'
  /** Korean ("ko"). */
  | 'KO'
  /** Lithuanian ("lt"). */
  | 'LT'
  /** Latvian ("lv"). */
  | 'LV'
  /** Malay ("ms"). */
  | 'MS'
  /** Dutch ("nl"). */
  | 'NL'
  /** Norwegian ("no"). */
  | 'NO'
  /** Polish ("pl"). */
  | 'PL'
  /** Portuguese ("pt"). */
  | 'PT'
  /** Brazilian Portuguese ("pt-br"). */
  | 'PT_BR'
  /** Romanian ("ro"). */
  | 'RO'
  /** Russian ("ru"). */
  | 'RU'
  /** Slovak ("sk"). */
  | 'SK'
  /** Slovenian ("sl"). */
  | 'SL'
  /** Swedish ("sv"). */
  | 'SV'
  /** Thai ("th"). */
  | 'TH'
  /** Turkish ("tr"). */
  | 'TR'
  /** Ukrainian ("uk"). */
  | 'UK'
  /** Vietnamese ("vi"). */
  | 'VI'
  /** Cantonese ("yue"). */
  | 'YUE'
  /** Chinese ("zh"). */
  | 'ZH'
  /** Chinese (Taiwan) ("zh-tw"). */
  | 'ZH_TW';

/** A role to filter members by. */
export type MemberRoleFilter =
  /** Everything, the organization and its members included. */
  | 'ADMIN'
  /** Comments on content, besides reading. */
  | 'COMMENT'
  /** Creates spaces and collections, besides reviewing. */
  | 'CREATE'
  /** Edits content, besides commenting. */
  | 'EDIT'
  /** Guests: members with no role, who see only what is shared with them. */
  | 'GUEST'
  /** Reads content. */
  | 'READ'
  /** Reviews and merges change requests, besides editing. */
  | 'REVIEW';

/** What members are sorted by. */
export type MemberSort =
  /** When they joined. */
  | 'JOINED_AT'
  /** When they were last active (active members only). */
  | 'LAST_SEEN_AT'
  /** Display name, case-insensitively. */
  | 'NAME';

/** Arguments of moveCollection. */
export type MoveCollectionInput = {
  /** Any value of the client, answered unchanged in the payload. */
  clientMutationId?: string | number | null | undefined;
  /** Id of the collection. */
  collectionId: string | number;
  /** Parent collection; null for the root of the organization. */
  parent?: string | number | null | undefined;
  /** Place among the new siblings; at the end when omitted. */
  position?: ContentPositionInput | null | undefined;
};

/** Arguments of moveSpace. */
export type MoveSpaceInput = {
  /** Any value of the client, answered unchanged in the payload. */
  clientMutationId?: string | number | null | undefined;
  /** Parent collection; null for the root of the organization. */
  parent?: string | number | null | undefined;
  /** Place among the new siblings; at the end when omitted. */
  position?: ContentPositionInput | null | undefined;
  /** Id of the space. */
  spaceId: string | number;
};

/** Sort direction. */
export type Order =
  /** Ascending. */
  | 'ASC'
  /** Descending. */
  | 'DESC';

/** The content visitors of the organization land on. */
export type OrganizationDefaultContentInput = {
  /** Id of a site of the organization. */
  site: string | number;
  /** The kind of content. */
  type: DefaultContentType;
};

/** Arguments of removeMember. */
export type RemoveMemberInput = {
  /** Any value of the client, answered unchanged in the payload. */
  clientMutationId?: string | number | null | undefined;
  /** Id of the organization. */
  organizationId: string | number;
  /** The member's user id. */
  userId: string | number;
};

/** Arguments of removeTeamMember. */
export type RemoveTeamMemberInput = {
  /** Any value of the client, answered unchanged in the payload. */
  clientMutationId?: string | number | null | undefined;
  /** Id of the organization. */
  organizationId: string | number;
  /** Id of the team. */
  teamId: string | number;
  /** The member's user id. */
  userId: string | number;
};

/** Arguments of restoreSpace. */
export type RestoreSpaceInput = {
  /** Any value of the client, answered unchanged in the payload. */
  clientMutationId?: string | number | null | undefined;
  /** Id of the space. */
  spaceId: string | number;
};

/** Organization role: admin > create > review > edit > comment > read; null stands for a guest. */
export type Role =
  /** Everything, the organization and its members included. */
  | 'ADMIN'
  /** Comments on content, besides reading. */
  | 'COMMENT'
  /** Creates spaces and collections, besides reviewing. */
  | 'CREATE'
  /** Edits content, besides commenting. */
  | 'EDIT'
  /** Reads content. */
  | 'READ'
  /** Reviews and merges change requests, besides editing. */
  | 'REVIEW';

/** Arguments of setTeamMember. */
export type SetTeamMemberInput = {
  /** Any value of the client, answered unchanged in the payload. */
  clientMutationId?: string | number | null | undefined;
  /** Id of the organization. */
  organizationId: string | number;
  /** Their role; a present member keeps theirs when absent, a new one is a plain member. */
  role?: TeamRole | null | undefined;
  /** Id of the team. */
  teamId: string | number;
  /** The member's user id. */
  userId: string | number;
};

/** A member's role to set in a team. */
export type TeamMembershipInput = {
  /** Their role in the team. */
  role: TeamRole;
  /** User id or e-mail address of an organization member. */
  user: string;
};

/** A member's role in a team. */
export type TeamRole =
  /** Belongs to the team. */
  | 'MEMBER'
  /** Manages the team. */
  | 'OWNER';

/** Arguments of transferCollection. */
export type TransferCollectionInput = {
  /** Any value of the client, answered unchanged in the payload. */
  clientMutationId?: string | number | null | undefined;
  /** Target collection in that organization; its root when omitted. */
  collection?: string | number | null | undefined;
  /** Id of the collection. */
  collectionId: string | number;
  /** Target organization. */
  organization: string | number;
};

/** Arguments of transferSpace. */
export type TransferSpaceInput = {
  /** Any value of the client, answered unchanged in the payload. */
  clientMutationId?: string | number | null | undefined;
  /** Target collection in that organization; its root when omitted. */
  collection?: string | number | null | undefined;
  /** Target organization. */
  organization: string | number;
  /** Id of the space. */
  spaceId: string | number;
};

/** Arguments of updateCollection: the fields to change (absent ones stay). */
export type UpdateCollectionInput = {
  /** Any value of the client, answered unchanged in the payload. */
  clientMutationId?: string | number | null | undefined;
  /** Id of the collection. */
  collectionId: string | number;
  /** null: members get no access by default. */
  defaultLevel?: DefaultLevel | null | undefined;
  /** Description; null removes it. */
  description?: string | null | undefined;
  /** Title; may be empty, not null. */
  title?: string | null | undefined;
};

/** Arguments of updateMember. */
export type UpdateMemberInput = {
  /** Any value of the client, answered unchanged in the payload. */
  clientMutationId?: string | number | null | undefined;
  /** Id of the organization. */
  organizationId: string | number;
  /** Null makes the member a guest. */
  role?: Role | null | undefined;
  /** The member's user id. */
  userId: string | number;
};

/** Arguments of updateOrganization: the fields to change (absent ones stay). */
export type UpdateOrganizationInput = {
  /** Whether AI features are on. */
  ai?: boolean | null | undefined;
  /** Any value of the client, answered unchanged in the payload. */
  clientMutationId?: string | number | null | undefined;
  /** The content visitors land on; null removes it. */
  defaultContent?: OrganizationDefaultContentInput | null | undefined;
  /** Role of members who join by e-mail domain; null: guests. */
  defaultRole?: Role | null | undefined;
  /** Domains whose verified users may join; null: none. */
  emailDomains?: Array<string> | null | undefined;
  /** Subdomain of its published content; null removes it. */
  hostname?: string | null | undefined;
  /** Whether invite links may be used. */
  inviteLinks?: boolean | null | undefined;
  /** URL of its logo; null removes it. */
  logo?: string | null | undefined;
  /** Default rules a change request must meet to be merged. */
  mergeRules?: unknown;
  /** Id of the organization. */
  organizationId: string | number;
  /** Whether members sign in through single sign-on. */
  sso?: boolean | null | undefined;
  /** Name: 2 to 255 characters. */
  title?: string | null | undefined;
};

/** Arguments of updateSpace: the fields to change (absent ones stay). */
export type UpdateSpaceInput = {
  /** Any value of the client, answered unchanged in the payload. */
  clientMutationId?: string | number | null | undefined;
  /** null: members get no access by default. */
  defaultLevel?: DefaultLevel | null | undefined;
  /** How the space may be edited. */
  editMode?: EditMode | null | undefined;
  /** One emoji (or its code points in hex); null or "" removes it. Replaces an icon. */
  emoji?: string | null | undefined;
  /** URL of an icon; null removes it. Replaces an emoji. */
  icon?: string | null | undefined;
  /** Language of the content; null unsets it. */
  language?: Language | null | undefined;
  /** Rules a change request must meet to be merged. */
  mergeRules?: unknown;
  /** Id of the space. */
  spaceId: string | number;
  /** Title; may be empty, not null. */
  title?: string | null | undefined;
};

/** Arguments of updateTeam. */
export type UpdateTeamInput = {
  /** Any value of the client, answered unchanged in the payload. */
  clientMutationId?: string | number | null | undefined;
  /** Id of the organization. */
  organizationId: string | number;
  /** Id of the team. */
  teamId: string | number;
  /** Title of the team: 1 to 64 characters (required). */
  title?: string | null | undefined;
};

/** Arguments of updateTeamMembers. */
export type UpdateTeamMembersInput = {
  /** Members to add (user ids or e-mail addresses). */
  add?: Array<string> | null | undefined;
  /** Any value of the client, answered unchanged in the payload. */
  clientMutationId?: string | number | null | undefined;
  /** Roles to set (adding who is not in the team yet). */
  memberships?: Array<TeamMembershipInput> | null | undefined;
  /** Id of the organization. */
  organizationId: string | number;
  /** Members to remove (user ids or e-mail addresses); a user also in `add` is removed. */
  remove?: Array<string> | null | undefined;
  /** Id of the team. */
  teamId: string | number;
};

export type GetCollectionQueryVariables = Exact<{
  collectionId: string | number;
}>;


export type GetCollectionQuery = { collection: { __typename: 'Collection', id: string, title: string, description: string | null, defaultLevel: DefaultLevel | null, organization: string, parent: string | null, urls: { location: string, app: string }, permissions: { view: boolean, admin: boolean, viewInviteLinks: boolean, create: boolean } } };

export type ListOrganizationCollectionsQueryVariables = Exact<{
  organizationId: string | number;
  first?: number | null | undefined;
  after?: string | null | undefined;
  nested?: boolean | null | undefined;
}>;


export type ListOrganizationCollectionsQuery = { organization: { collections: { totalCount: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { __typename: 'Collection', id: string, title: string, description: string | null, defaultLevel: DefaultLevel | null, organization: string, parent: string | null, urls: { location: string, app: string }, permissions: { view: boolean, admin: boolean, viewInviteLinks: boolean, create: boolean } } }> } } };

export type ListCollectionSpacesQueryVariables = Exact<{
  collectionId: string | number;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type ListCollectionSpacesQuery = { collection: { spaces: { totalCount: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { __typename: 'Space', id: string, title: string, emoji: string, visibility: ContentVisibility, createdAt: unknown, updatedAt: unknown, deletedAt: unknown, editMode: EditMode, mergeRules: unknown, language: Language | null, defaultLevel: DefaultLevel | null, revision: string, organization: string, parent: string | null, comments: number, changeRequests: number, changeRequestsOpen: number, changeRequestsDraft: number, urls: { location: string, app: string, published: string | null, public: string | null, icon: string | null }, permissions: { view: boolean, access: boolean, admin: boolean, viewInviteLinks: boolean, edit: boolean, triggerGitSync: boolean, comment: boolean, merge: boolean, review: boolean, installIntegration: boolean } } }> } } };

export type CreateCollectionMutationVariables = Exact<{
  input: CreateCollectionInput;
}>;


export type CreateCollectionMutation = { createCollection: { collection: { __typename: 'Collection', id: string, title: string, description: string | null, defaultLevel: DefaultLevel | null, organization: string, parent: string | null, urls: { location: string, app: string }, permissions: { view: boolean, admin: boolean, viewInviteLinks: boolean, create: boolean } } } };

export type UpdateCollectionMutationVariables = Exact<{
  input: UpdateCollectionInput;
}>;


export type UpdateCollectionMutation = { updateCollection: { collection: { __typename: 'Collection', id: string, title: string, description: string | null, defaultLevel: DefaultLevel | null, organization: string, parent: string | null, urls: { location: string, app: string }, permissions: { view: boolean, admin: boolean, viewInviteLinks: boolean, create: boolean } } } };

export type DeleteCollectionMutationVariables = Exact<{
  input: DeleteCollectionInput;
}>;


export type DeleteCollectionMutation = { deleteCollection: { deleted: boolean } };

export type MoveCollectionMutationVariables = Exact<{
  input: MoveCollectionInput;
}>;


export type MoveCollectionMutation = { moveCollection: { collection: { __typename: 'Collection', id: string, title: string, description: string | null, defaultLevel: DefaultLevel | null, organization: string, parent: string | null, urls: { location: string, app: string }, permissions: { view: boolean, admin: boolean, viewInviteLinks: boolean, create: boolean } } } };

export type TransferCollectionMutationVariables = Exact<{
  input: TransferCollectionInput;
}>;


export type TransferCollectionMutation = { transferCollection: { collection: { __typename: 'Collection', id: string, title: string, description: string | null, defaultLevel: DefaultLevel | null, organization: string, parent: string | null, urls: { location: string, app: string }, permissions: { view: boolean, admin: boolean, viewInviteLinks: boolean, create: boolean } } } };

export type RestUserFragment = { __typename: 'User', id: string, displayName: string, email: string, photoURL: string | null, urls: { location: string } };

export type RestOrganizationFragment = { __typename: 'Organization', id: string, title: string, createdAt: unknown, emailDomains: Array<string>, hostname: string | null, customHostname: string | null, type: string, useCase: string | null, communityType: string | null, defaultRole: Role | null, sso: boolean, ai: boolean, inviteLinks: boolean, plan: string, mergeRules: unknown, defaultContent: { type: DefaultContentType, site: string } | null, trial: { status: string, count: number }, urls: { location: string, app: string, logo: string | null }, permissions: { view: boolean, access: boolean, admin: boolean, ownTeam: boolean, createContent: boolean, createOpenAPISpec: boolean, ingestConversations: boolean, viewBilling: boolean, listMembers: boolean, listTeams: boolean, listIntegrations: boolean, listInstallations: boolean, installIntegration: boolean } };

export type RestSpaceFragment = { __typename: 'Space', id: string, title: string, emoji: string, visibility: ContentVisibility, createdAt: unknown, updatedAt: unknown, deletedAt: unknown, editMode: EditMode, mergeRules: unknown, language: Language | null, defaultLevel: DefaultLevel | null, revision: string, organization: string, parent: string | null, comments: number, changeRequests: number, changeRequestsOpen: number, changeRequestsDraft: number, urls: { location: string, app: string, published: string | null, public: string | null, icon: string | null }, permissions: { view: boolean, access: boolean, admin: boolean, viewInviteLinks: boolean, edit: boolean, triggerGitSync: boolean, comment: boolean, merge: boolean, review: boolean, installIntegration: boolean } };

export type RestCollectionFragment = { __typename: 'Collection', id: string, title: string, description: string | null, defaultLevel: DefaultLevel | null, organization: string, parent: string | null, urls: { location: string, app: string }, permissions: { view: boolean, admin: boolean, viewInviteLinks: boolean, create: boolean } };

export type RestMemberFragment = { __typename: 'Member', id: string, role: Role | null, disabled: boolean, joinedAt: unknown, lastSeenAt: unknown, sso: boolean, spaces: number, teams: number, sites: number, user: { __typename: 'User', id: string, displayName: string, email: string, photoURL: string | null, urls: { location: string } } };

export type RestTeamFragment = { __typename: 'Team', id: string, title: string, createdAt: unknown, members: number, spaces: number, permissions: { admin: boolean, view: boolean } };

export type PageFragment = { hasNextPage: boolean, endCursor: string | null };

export type ListMembersQueryVariables = Exact<{
  organizationId: string | number;
  first?: number | null | undefined;
  after?: string | null | undefined;
  order?: Order | null | undefined;
  role?: MemberRoleFilter | null | undefined;
  search?: string | null | undefined;
  sort?: MemberSort | null | undefined;
}>;


export type ListMembersQuery = { organization: { members: { totalCount: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { __typename: 'Member', id: string, role: Role | null, disabled: boolean, joinedAt: unknown, lastSeenAt: unknown, sso: boolean, spaces: number, teams: number, sites: number, user: { __typename: 'User', id: string, displayName: string, email: string, photoURL: string | null, urls: { location: string } } } }> } } };

export type GetMemberQueryVariables = Exact<{
  organizationId: string | number;
  userId: string | number;
}>;


export type GetMemberQuery = { organization: { member: { __typename: 'Member', id: string, role: Role | null, disabled: boolean, joinedAt: unknown, lastSeenAt: unknown, sso: boolean, spaces: number, teams: number, sites: number, user: { __typename: 'User', id: string, displayName: string, email: string, photoURL: string | null, urls: { location: string } } } } };

export type UpdateMemberMutationVariables = Exact<{
  input: UpdateMemberInput;
}>;


export type UpdateMemberMutation = { updateMember: { member: { __typename: 'Member', id: string, role: Role | null, disabled: boolean, joinedAt: unknown, lastSeenAt: unknown, sso: boolean, spaces: number, teams: number, sites: number, user: { __typename: 'User', id: string, displayName: string, email: string, photoURL: string | null, urls: { location: string } } } } };

export type RemoveMemberMutationVariables = Exact<{
  input: RemoveMemberInput;
}>;


export type RemoveMemberMutation = { removeMember: { removed: boolean } };

export type ListMemberSpacesQueryVariables = Exact<{
  organizationId: string | number;
  userId: string | number;
  first?: number | null | undefined;
  after?: string | null | undefined;
  order?: Order | null | undefined;
}>;


export type ListMemberSpacesQuery = { organization: { member: { spaces: { totalCount: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ permission: Role, space: { __typename: 'Space', id: string, title: string, emoji: string, visibility: ContentVisibility, createdAt: unknown, updatedAt: unknown, deletedAt: unknown, editMode: EditMode, mergeRules: unknown, language: Language | null, defaultLevel: DefaultLevel | null, revision: string, organization: string, parent: string | null, comments: number, changeRequests: number, changeRequestsOpen: number, changeRequestsDraft: number, urls: { location: string, app: string, published: string | null, public: string | null, icon: string | null }, permissions: { view: boolean, access: boolean, admin: boolean, viewInviteLinks: boolean, edit: boolean, triggerGitSync: boolean, comment: boolean, merge: boolean, review: boolean, installIntegration: boolean } } }> } } } };

export type ListMemberTeamsQueryVariables = Exact<{
  organizationId: string | number;
  userId: string | number;
  first?: number | null | undefined;
  after?: string | null | undefined;
  title?: string | null | undefined;
}>;


export type ListMemberTeamsQuery = { organization: { member: { teams: { totalCount: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { role: TeamRole, team: { __typename: 'Team', id: string, title: string, createdAt: unknown, members: number, spaces: number, permissions: { admin: boolean, view: boolean } } } }> } } } };

export type ListOrganizationsQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type ListOrganizationsQuery = { organizations: { totalCount: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { __typename: 'Organization', id: string, title: string, createdAt: unknown, emailDomains: Array<string>, hostname: string | null, customHostname: string | null, type: string, useCase: string | null, communityType: string | null, defaultRole: Role | null, sso: boolean, ai: boolean, inviteLinks: boolean, plan: string, mergeRules: unknown, defaultContent: { type: DefaultContentType, site: string } | null, trial: { status: string, count: number }, urls: { location: string, app: string, logo: string | null }, permissions: { view: boolean, access: boolean, admin: boolean, ownTeam: boolean, createContent: boolean, createOpenAPISpec: boolean, ingestConversations: boolean, viewBilling: boolean, listMembers: boolean, listTeams: boolean, listIntegrations: boolean, listInstallations: boolean, installIntegration: boolean } } }> } };

export type GetOrganizationQueryVariables = Exact<{
  organizationId: string | number;
}>;


export type GetOrganizationQuery = { organization: { __typename: 'Organization', id: string, title: string, createdAt: unknown, emailDomains: Array<string>, hostname: string | null, customHostname: string | null, type: string, useCase: string | null, communityType: string | null, defaultRole: Role | null, sso: boolean, ai: boolean, inviteLinks: boolean, plan: string, mergeRules: unknown, defaultContent: { type: DefaultContentType, site: string } | null, trial: { status: string, count: number }, urls: { location: string, app: string, logo: string | null }, permissions: { view: boolean, access: boolean, admin: boolean, ownTeam: boolean, createContent: boolean, createOpenAPISpec: boolean, ingestConversations: boolean, viewBilling: boolean, listMembers: boolean, listTeams: boolean, listIntegrations: boolean, listInstallations: boolean, installIntegration: boolean } } };

export type UpdateOrganizationMutationVariables = Exact<{
  input: UpdateOrganizationInput;
}>;


export type UpdateOrganizationMutation = { updateOrganization: { organization: { __typename: 'Organization', id: string, title: string, createdAt: unknown, emailDomains: Array<string>, hostname: string | null, customHostname: string | null, type: string, useCase: string | null, communityType: string | null, defaultRole: Role | null, sso: boolean, ai: boolean, inviteLinks: boolean, plan: string, mergeRules: unknown, defaultContent: { type: DefaultContentType, site: string } | null, trial: { status: string, count: number }, urls: { location: string, app: string, logo: string | null }, permissions: { view: boolean, access: boolean, admin: boolean, ownTeam: boolean, createContent: boolean, createOpenAPISpec: boolean, ingestConversations: boolean, viewBilling: boolean, listMembers: boolean, listTeams: boolean, listIntegrations: boolean, listInstallations: boolean, installIntegration: boolean } } } };

export type JoinOrganizationMutationVariables = Exact<{
  input: JoinOrganizationInput;
}>;


export type JoinOrganizationMutation = { joinOrganization: { organization: { id: string } } };

export type OrganizationsForEmailDomainQueryVariables = Exact<{
  emailDomain: string;
}>;


export type OrganizationsForEmailDomainQuery = { organizations: Array<{ __typename: 'Organization', id: string, title: string, createdAt: unknown, emailDomains: Array<string>, hostname: string | null, customHostname: string | null, type: string, useCase: string | null, communityType: string | null, defaultRole: Role | null, sso: boolean, ai: boolean, inviteLinks: boolean, plan: string, mergeRules: unknown, defaultContent: { type: DefaultContentType, site: string } | null, trial: { status: string, count: number }, urls: { location: string, app: string, logo: string | null }, permissions: { view: boolean, access: boolean, admin: boolean, ownTeam: boolean, createContent: boolean, createOpenAPISpec: boolean, ingestConversations: boolean, viewBilling: boolean, listMembers: boolean, listTeams: boolean, listIntegrations: boolean, listInstallations: boolean, installIntegration: boolean } }> };

export type GetSpaceQueryVariables = Exact<{
  spaceId: string | number;
  shareKey?: string | null | undefined;
}>;


export type GetSpaceQuery = { space: { __typename: 'Space', id: string, title: string, emoji: string, visibility: ContentVisibility, createdAt: unknown, updatedAt: unknown, deletedAt: unknown, editMode: EditMode, mergeRules: unknown, language: Language | null, defaultLevel: DefaultLevel | null, revision: string, organization: string, parent: string | null, comments: number, changeRequests: number, changeRequestsOpen: number, changeRequestsDraft: number, urls: { location: string, app: string, published: string | null, public: string | null, icon: string | null }, permissions: { view: boolean, access: boolean, admin: boolean, viewInviteLinks: boolean, edit: boolean, triggerGitSync: boolean, comment: boolean, merge: boolean, review: boolean, installIntegration: boolean } } };

export type ListOrganizationSpacesQueryVariables = Exact<{
  organizationId: string | number;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type ListOrganizationSpacesQuery = { organization: { spaces: { totalCount: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { __typename: 'Space', id: string, title: string, emoji: string, visibility: ContentVisibility, createdAt: unknown, updatedAt: unknown, deletedAt: unknown, editMode: EditMode, mergeRules: unknown, language: Language | null, defaultLevel: DefaultLevel | null, revision: string, organization: string, parent: string | null, comments: number, changeRequests: number, changeRequestsOpen: number, changeRequestsDraft: number, urls: { location: string, app: string, published: string | null, public: string | null, icon: string | null }, permissions: { view: boolean, access: boolean, admin: boolean, viewInviteLinks: boolean, edit: boolean, triggerGitSync: boolean, comment: boolean, merge: boolean, review: boolean, installIntegration: boolean } } }> } } };

export type CreateSpaceMutationVariables = Exact<{
  input: CreateSpaceInput;
}>;


export type CreateSpaceMutation = { createSpace: { space: { __typename: 'Space', id: string, title: string, emoji: string, visibility: ContentVisibility, createdAt: unknown, updatedAt: unknown, deletedAt: unknown, editMode: EditMode, mergeRules: unknown, language: Language | null, defaultLevel: DefaultLevel | null, revision: string, organization: string, parent: string | null, comments: number, changeRequests: number, changeRequestsOpen: number, changeRequestsDraft: number, urls: { location: string, app: string, published: string | null, public: string | null, icon: string | null }, permissions: { view: boolean, access: boolean, admin: boolean, viewInviteLinks: boolean, edit: boolean, triggerGitSync: boolean, comment: boolean, merge: boolean, review: boolean, installIntegration: boolean } } } };

export type UpdateSpaceMutationVariables = Exact<{
  input: UpdateSpaceInput;
}>;


export type UpdateSpaceMutation = { updateSpace: { space: { __typename: 'Space', id: string, title: string, emoji: string, visibility: ContentVisibility, createdAt: unknown, updatedAt: unknown, deletedAt: unknown, editMode: EditMode, mergeRules: unknown, language: Language | null, defaultLevel: DefaultLevel | null, revision: string, organization: string, parent: string | null, comments: number, changeRequests: number, changeRequestsOpen: number, changeRequestsDraft: number, urls: { location: string, app: string, published: string | null, public: string | null, icon: string | null }, permissions: { view: boolean, access: boolean, admin: boolean, viewInviteLinks: boolean, edit: boolean, triggerGitSync: boolean, comment: boolean, merge: boolean, review: boolean, installIntegration: boolean } } } };

export type DeleteSpaceMutationVariables = Exact<{
  input: DeleteSpaceInput;
}>;


export type DeleteSpaceMutation = { deleteSpace: { deleted: boolean } };

export type DuplicateSpaceMutationVariables = Exact<{
  input: DuplicateSpaceInput;
}>;


export type DuplicateSpaceMutation = { duplicateSpace: { space: { __typename: 'Space', id: string, title: string, emoji: string, visibility: ContentVisibility, createdAt: unknown, updatedAt: unknown, deletedAt: unknown, editMode: EditMode, mergeRules: unknown, language: Language | null, defaultLevel: DefaultLevel | null, revision: string, organization: string, parent: string | null, comments: number, changeRequests: number, changeRequestsOpen: number, changeRequestsDraft: number, urls: { location: string, app: string, published: string | null, public: string | null, icon: string | null }, permissions: { view: boolean, access: boolean, admin: boolean, viewInviteLinks: boolean, edit: boolean, triggerGitSync: boolean, comment: boolean, merge: boolean, review: boolean, installIntegration: boolean } } } };

export type RestoreSpaceMutationVariables = Exact<{
  input: RestoreSpaceInput;
}>;


export type RestoreSpaceMutation = { restoreSpace: { space: { __typename: 'Space', id: string, title: string, emoji: string, visibility: ContentVisibility, createdAt: unknown, updatedAt: unknown, deletedAt: unknown, editMode: EditMode, mergeRules: unknown, language: Language | null, defaultLevel: DefaultLevel | null, revision: string, organization: string, parent: string | null, comments: number, changeRequests: number, changeRequestsOpen: number, changeRequestsDraft: number, urls: { location: string, app: string, published: string | null, public: string | null, icon: string | null }, permissions: { view: boolean, access: boolean, admin: boolean, viewInviteLinks: boolean, edit: boolean, triggerGitSync: boolean, comment: boolean, merge: boolean, review: boolean, installIntegration: boolean } } } };

export type MoveSpaceMutationVariables = Exact<{
  input: MoveSpaceInput;
}>;


export type MoveSpaceMutation = { moveSpace: { space: { __typename: 'Space', id: string, title: string, emoji: string, visibility: ContentVisibility, createdAt: unknown, updatedAt: unknown, deletedAt: unknown, editMode: EditMode, mergeRules: unknown, language: Language | null, defaultLevel: DefaultLevel | null, revision: string, organization: string, parent: string | null, comments: number, changeRequests: number, changeRequestsOpen: number, changeRequestsDraft: number, urls: { location: string, app: string, published: string | null, public: string | null, icon: string | null }, permissions: { view: boolean, access: boolean, admin: boolean, viewInviteLinks: boolean, edit: boolean, triggerGitSync: boolean, comment: boolean, merge: boolean, review: boolean, installIntegration: boolean } } } };

export type TransferSpaceMutationVariables = Exact<{
  input: TransferSpaceInput;
}>;


export type TransferSpaceMutation = { transferSpace: { space: { __typename: 'Space', id: string, title: string, emoji: string, visibility: ContentVisibility, createdAt: unknown, updatedAt: unknown, deletedAt: unknown, editMode: EditMode, mergeRules: unknown, language: Language | null, defaultLevel: DefaultLevel | null, revision: string, organization: string, parent: string | null, comments: number, changeRequests: number, changeRequestsOpen: number, changeRequestsDraft: number, urls: { location: string, app: string, published: string | null, public: string | null, icon: string | null }, permissions: { view: boolean, access: boolean, admin: boolean, viewInviteLinks: boolean, edit: boolean, triggerGitSync: boolean, comment: boolean, merge: boolean, review: boolean, installIntegration: boolean } } } };

export type GetSpaceLinksQueryVariables = Exact<{
  spaceId: string | number;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type GetSpaceLinksQuery = { space: { links: { totalCount: number, stats: { total: number, broken: { total: number } }, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { status: ContentLinkStatus, relation: string, targetReference: { kind: string, page: string | null, space: string | null, url: string | null }, locationReferences: Array<{ kind: string, page: string | null, space: string | null, url: string | null }> } }> } } };

export type ListTeamsQueryVariables = Exact<{
  organizationId: string | number;
  first?: number | null | undefined;
  after?: string | null | undefined;
  owner?: string | number | null | undefined;
  title?: string | null | undefined;
}>;


export type ListTeamsQuery = { organization: { teams: { totalCount: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { __typename: 'Team', id: string, title: string, createdAt: unknown, members: number, spaces: number, permissions: { admin: boolean, view: boolean } } }> } } };

export type CreateTeamMutationVariables = Exact<{
  input: CreateTeamInput;
}>;


export type CreateTeamMutation = { createTeam: { team: { __typename: 'Team', id: string, title: string, createdAt: unknown, members: number, spaces: number, permissions: { admin: boolean, view: boolean } } } };

export type GetTeamQueryVariables = Exact<{
  organizationId: string | number;
  teamId: string | number;
}>;


export type GetTeamQuery = { organization: { team: { __typename: 'Team', id: string, title: string, createdAt: unknown, members: number, spaces: number, permissions: { admin: boolean, view: boolean } } } };

export type UpdateTeamMutationVariables = Exact<{
  input: UpdateTeamInput;
}>;


export type UpdateTeamMutation = { updateTeam: { team: { __typename: 'Team', id: string, title: string, createdAt: unknown, members: number, spaces: number, permissions: { admin: boolean, view: boolean } } } };

export type DeleteTeamMutationVariables = Exact<{
  input: DeleteTeamInput;
}>;


export type DeleteTeamMutation = { deleteTeam: { deleted: boolean } };

export type ListTeamMembersQueryVariables = Exact<{
  organizationId: string | number;
  teamId: string | number;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type ListTeamMembersQuery = { organization: { team: { members: { totalCount: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { role: TeamRole, organization: { __typename: 'Member', id: string, role: Role | null, disabled: boolean, joinedAt: unknown, lastSeenAt: unknown, sso: boolean, spaces: number, teams: number, sites: number, user: { __typename: 'User', id: string, displayName: string, email: string, photoURL: string | null, urls: { location: string } } }, permissions: { view: boolean } } }> } } } };

export type UpdateTeamMembersMutationVariables = Exact<{
  input: UpdateTeamMembersInput;
}>;


export type UpdateTeamMembersMutation = { updateTeamMembers: { team: { id: string } } };

export type SetTeamMemberMutationVariables = Exact<{
  input: SetTeamMemberInput;
}>;


export type SetTeamMemberMutation = { setTeamMember: { team: { id: string } } };

export type RemoveTeamMemberMutationVariables = Exact<{
  input: RemoveTeamMemberInput;
}>;


export type RemoveTeamMemberMutation = { removeTeamMember: { removed: boolean } };

export const RestOrganizationFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestOrganization"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Organization"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"emailDomains"}},{"kind":"Field","name":{"kind":"Name","value":"hostname"}},{"kind":"Field","name":{"kind":"Name","value":"customHostname"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"useCase"}},{"kind":"Field","name":{"kind":"Name","value":"communityType"}},{"kind":"Field","name":{"kind":"Name","value":"defaultRole"}},{"kind":"Field","name":{"kind":"Name","value":"defaultContent"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"site"}}]}},{"kind":"Field","name":{"kind":"Name","value":"sso"}},{"kind":"Field","name":{"kind":"Name","value":"ai"}},{"kind":"Field","name":{"kind":"Name","value":"inviteLinks"}},{"kind":"Field","name":{"kind":"Name","value":"plan"}},{"kind":"Field","name":{"kind":"Name","value":"mergeRules"}},{"kind":"Field","name":{"kind":"Name","value":"trial"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"count"}}]}},{"kind":"Field","name":{"kind":"Name","value":"urls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"location"}},{"kind":"Field","name":{"kind":"Name","value":"app"}},{"kind":"Field","name":{"kind":"Name","value":"logo"}}]}},{"kind":"Field","name":{"kind":"Name","value":"permissions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"view"}},{"kind":"Field","name":{"kind":"Name","value":"access"}},{"kind":"Field","name":{"kind":"Name","value":"admin"}},{"kind":"Field","name":{"kind":"Name","value":"ownTeam"}},{"kind":"Field","name":{"kind":"Name","value":"createContent"}},{"kind":"Field","name":{"kind":"Name","value":"createOpenAPISpec"}},{"kind":"Field","name":{"kind":"Name","value":"ingestConversations"}},{"kind":"Field","name":{"kind":"Name","value":"viewBilling"}},{"kind":"Field","name":{"kind":"Name","value":"listMembers"}},{"kind":"Field","name":{"kind":"Name","value":"listTeams"}},{"kind":"Field","name":{"kind":"Name","value":"listIntegrations"}},{"kind":"Field","name":{"kind":"Name","value":"listInstallations"}},{"kind":"Field","name":{"kind":"Name","value":"installIntegration"}}]}}]}}]} as unknown as DocumentNode<RestOrganizationFragment, unknown>;
export const RestSpaceFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestSpace"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Space"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"emoji"}},{"kind":"Field","name":{"kind":"Name","value":"visibility"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"deletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"editMode"}},{"kind":"Field","name":{"kind":"Name","value":"mergeRules"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"defaultLevel"}},{"kind":"Field","alias":{"kind":"Name","value":"organization"},"name":{"kind":"Name","value":"organizationId"}},{"kind":"Field","alias":{"kind":"Name","value":"parent"},"name":{"kind":"Name","value":"parentId"}},{"kind":"Field","name":{"kind":"Name","value":"revision"}},{"kind":"Field","alias":{"kind":"Name","value":"comments"},"name":{"kind":"Name","value":"openCommentsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"changeRequests"},"name":{"kind":"Name","value":"changeRequestsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"changeRequestsOpen"},"name":{"kind":"Name","value":"openChangeRequestsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"changeRequestsDraft"},"name":{"kind":"Name","value":"draftChangeRequestsCount"}},{"kind":"Field","name":{"kind":"Name","value":"urls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"location"}},{"kind":"Field","name":{"kind":"Name","value":"app"}},{"kind":"Field","name":{"kind":"Name","value":"published"}},{"kind":"Field","name":{"kind":"Name","value":"public"}},{"kind":"Field","name":{"kind":"Name","value":"icon"}}]}},{"kind":"Field","name":{"kind":"Name","value":"permissions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"view"}},{"kind":"Field","name":{"kind":"Name","value":"access"}},{"kind":"Field","name":{"kind":"Name","value":"admin"}},{"kind":"Field","name":{"kind":"Name","value":"viewInviteLinks"}},{"kind":"Field","name":{"kind":"Name","value":"edit"}},{"kind":"Field","name":{"kind":"Name","value":"triggerGitSync"}},{"kind":"Field","name":{"kind":"Name","value":"comment"}},{"kind":"Field","name":{"kind":"Name","value":"merge"}},{"kind":"Field","name":{"kind":"Name","value":"review"}},{"kind":"Field","name":{"kind":"Name","value":"installIntegration"}}]}}]}}]} as unknown as DocumentNode<RestSpaceFragment, unknown>;
export const RestCollectionFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestCollection"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Collection"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","alias":{"kind":"Name","value":"organization"},"name":{"kind":"Name","value":"organizationId"}},{"kind":"Field","alias":{"kind":"Name","value":"parent"},"name":{"kind":"Name","value":"parentId"}},{"kind":"Field","name":{"kind":"Name","value":"defaultLevel"}},{"kind":"Field","name":{"kind":"Name","value":"urls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"location"}},{"kind":"Field","name":{"kind":"Name","value":"app"}}]}},{"kind":"Field","name":{"kind":"Name","value":"permissions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"view"}},{"kind":"Field","name":{"kind":"Name","value":"admin"}},{"kind":"Field","name":{"kind":"Name","value":"viewInviteLinks"}},{"kind":"Field","name":{"kind":"Name","value":"create"}}]}}]}}]} as unknown as DocumentNode<RestCollectionFragment, unknown>;
export const RestUserFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestUser"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"photoURL"}},{"kind":"Field","name":{"kind":"Name","value":"urls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"location"}}]}}]}}]} as unknown as DocumentNode<RestUserFragment, unknown>;
export const RestMemberFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestMember"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Member"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestUser"}}]}},{"kind":"Field","name":{"kind":"Name","value":"disabled"}},{"kind":"Field","name":{"kind":"Name","value":"joinedAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastSeenAt"}},{"kind":"Field","name":{"kind":"Name","value":"sso"}},{"kind":"Field","alias":{"kind":"Name","value":"spaces"},"name":{"kind":"Name","value":"spacesCount"}},{"kind":"Field","alias":{"kind":"Name","value":"teams"},"name":{"kind":"Name","value":"teamsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"sites"},"name":{"kind":"Name","value":"sitesCount"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestUser"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"photoURL"}},{"kind":"Field","name":{"kind":"Name","value":"urls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"location"}}]}}]}}]} as unknown as DocumentNode<RestMemberFragment, unknown>;
export const RestTeamFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestTeam"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Team"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","alias":{"kind":"Name","value":"members"},"name":{"kind":"Name","value":"membersCount"}},{"kind":"Field","alias":{"kind":"Name","value":"spaces"},"name":{"kind":"Name","value":"spacesCount"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"permissions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"admin"}},{"kind":"Field","name":{"kind":"Name","value":"view"}}]}}]}}]} as unknown as DocumentNode<RestTeamFragment, unknown>;
export const PageFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Page"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PageInfo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]} as unknown as DocumentNode<PageFragment, unknown>;
export const GetCollectionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetCollection"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"collectionId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"collection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"collectionId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestCollection"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestCollection"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Collection"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","alias":{"kind":"Name","value":"organization"},"name":{"kind":"Name","value":"organizationId"}},{"kind":"Field","alias":{"kind":"Name","value":"parent"},"name":{"kind":"Name","value":"parentId"}},{"kind":"Field","name":{"kind":"Name","value":"defaultLevel"}},{"kind":"Field","name":{"kind":"Name","value":"urls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"location"}},{"kind":"Field","name":{"kind":"Name","value":"app"}}]}},{"kind":"Field","name":{"kind":"Name","value":"permissions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"view"}},{"kind":"Field","name":{"kind":"Name","value":"admin"}},{"kind":"Field","name":{"kind":"Name","value":"viewInviteLinks"}},{"kind":"Field","name":{"kind":"Name","value":"create"}}]}}]}}]} as unknown as DocumentNode<GetCollectionQuery, GetCollectionQueryVariables>;
export const ListOrganizationCollectionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ListOrganizationCollections"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"organizationId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"nested"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"organization"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"organizationId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"collections"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"nested"},"value":{"kind":"Variable","name":{"kind":"Name","value":"nested"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"Page"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestCollection"}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Page"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PageInfo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestCollection"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Collection"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","alias":{"kind":"Name","value":"organization"},"name":{"kind":"Name","value":"organizationId"}},{"kind":"Field","alias":{"kind":"Name","value":"parent"},"name":{"kind":"Name","value":"parentId"}},{"kind":"Field","name":{"kind":"Name","value":"defaultLevel"}},{"kind":"Field","name":{"kind":"Name","value":"urls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"location"}},{"kind":"Field","name":{"kind":"Name","value":"app"}}]}},{"kind":"Field","name":{"kind":"Name","value":"permissions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"view"}},{"kind":"Field","name":{"kind":"Name","value":"admin"}},{"kind":"Field","name":{"kind":"Name","value":"viewInviteLinks"}},{"kind":"Field","name":{"kind":"Name","value":"create"}}]}}]}}]} as unknown as DocumentNode<ListOrganizationCollectionsQuery, ListOrganizationCollectionsQueryVariables>;
export const ListCollectionSpacesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ListCollectionSpaces"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"collectionId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"collection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"collectionId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"spaces"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"Page"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestSpace"}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Page"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PageInfo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestSpace"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Space"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"emoji"}},{"kind":"Field","name":{"kind":"Name","value":"visibility"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"deletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"editMode"}},{"kind":"Field","name":{"kind":"Name","value":"mergeRules"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"defaultLevel"}},{"kind":"Field","alias":{"kind":"Name","value":"organization"},"name":{"kind":"Name","value":"organizationId"}},{"kind":"Field","alias":{"kind":"Name","value":"parent"},"name":{"kind":"Name","value":"parentId"}},{"kind":"Field","name":{"kind":"Name","value":"revision"}},{"kind":"Field","alias":{"kind":"Name","value":"comments"},"name":{"kind":"Name","value":"openCommentsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"changeRequests"},"name":{"kind":"Name","value":"changeRequestsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"changeRequestsOpen"},"name":{"kind":"Name","value":"openChangeRequestsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"changeRequestsDraft"},"name":{"kind":"Name","value":"draftChangeRequestsCount"}},{"kind":"Field","name":{"kind":"Name","value":"urls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"location"}},{"kind":"Field","name":{"kind":"Name","value":"app"}},{"kind":"Field","name":{"kind":"Name","value":"published"}},{"kind":"Field","name":{"kind":"Name","value":"public"}},{"kind":"Field","name":{"kind":"Name","value":"icon"}}]}},{"kind":"Field","name":{"kind":"Name","value":"permissions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"view"}},{"kind":"Field","name":{"kind":"Name","value":"access"}},{"kind":"Field","name":{"kind":"Name","value":"admin"}},{"kind":"Field","name":{"kind":"Name","value":"viewInviteLinks"}},{"kind":"Field","name":{"kind":"Name","value":"edit"}},{"kind":"Field","name":{"kind":"Name","value":"triggerGitSync"}},{"kind":"Field","name":{"kind":"Name","value":"comment"}},{"kind":"Field","name":{"kind":"Name","value":"merge"}},{"kind":"Field","name":{"kind":"Name","value":"review"}},{"kind":"Field","name":{"kind":"Name","value":"installIntegration"}}]}}]}}]} as unknown as DocumentNode<ListCollectionSpacesQuery, ListCollectionSpacesQueryVariables>;
export const CreateCollectionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateCollection"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateCollectionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createCollection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"collection"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestCollection"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestCollection"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Collection"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","alias":{"kind":"Name","value":"organization"},"name":{"kind":"Name","value":"organizationId"}},{"kind":"Field","alias":{"kind":"Name","value":"parent"},"name":{"kind":"Name","value":"parentId"}},{"kind":"Field","name":{"kind":"Name","value":"defaultLevel"}},{"kind":"Field","name":{"kind":"Name","value":"urls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"location"}},{"kind":"Field","name":{"kind":"Name","value":"app"}}]}},{"kind":"Field","name":{"kind":"Name","value":"permissions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"view"}},{"kind":"Field","name":{"kind":"Name","value":"admin"}},{"kind":"Field","name":{"kind":"Name","value":"viewInviteLinks"}},{"kind":"Field","name":{"kind":"Name","value":"create"}}]}}]}}]} as unknown as DocumentNode<CreateCollectionMutation, CreateCollectionMutationVariables>;
export const UpdateCollectionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateCollection"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateCollectionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateCollection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"collection"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestCollection"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestCollection"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Collection"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","alias":{"kind":"Name","value":"organization"},"name":{"kind":"Name","value":"organizationId"}},{"kind":"Field","alias":{"kind":"Name","value":"parent"},"name":{"kind":"Name","value":"parentId"}},{"kind":"Field","name":{"kind":"Name","value":"defaultLevel"}},{"kind":"Field","name":{"kind":"Name","value":"urls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"location"}},{"kind":"Field","name":{"kind":"Name","value":"app"}}]}},{"kind":"Field","name":{"kind":"Name","value":"permissions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"view"}},{"kind":"Field","name":{"kind":"Name","value":"admin"}},{"kind":"Field","name":{"kind":"Name","value":"viewInviteLinks"}},{"kind":"Field","name":{"kind":"Name","value":"create"}}]}}]}}]} as unknown as DocumentNode<UpdateCollectionMutation, UpdateCollectionMutationVariables>;
export const DeleteCollectionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteCollection"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DeleteCollectionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteCollection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleted"}}]}}]}}]} as unknown as DocumentNode<DeleteCollectionMutation, DeleteCollectionMutationVariables>;
export const MoveCollectionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"MoveCollection"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"MoveCollectionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"moveCollection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"collection"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestCollection"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestCollection"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Collection"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","alias":{"kind":"Name","value":"organization"},"name":{"kind":"Name","value":"organizationId"}},{"kind":"Field","alias":{"kind":"Name","value":"parent"},"name":{"kind":"Name","value":"parentId"}},{"kind":"Field","name":{"kind":"Name","value":"defaultLevel"}},{"kind":"Field","name":{"kind":"Name","value":"urls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"location"}},{"kind":"Field","name":{"kind":"Name","value":"app"}}]}},{"kind":"Field","name":{"kind":"Name","value":"permissions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"view"}},{"kind":"Field","name":{"kind":"Name","value":"admin"}},{"kind":"Field","name":{"kind":"Name","value":"viewInviteLinks"}},{"kind":"Field","name":{"kind":"Name","value":"create"}}]}}]}}]} as unknown as DocumentNode<MoveCollectionMutation, MoveCollectionMutationVariables>;
export const TransferCollectionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TransferCollection"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"TransferCollectionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transferCollection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"collection"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestCollection"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestCollection"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Collection"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","alias":{"kind":"Name","value":"organization"},"name":{"kind":"Name","value":"organizationId"}},{"kind":"Field","alias":{"kind":"Name","value":"parent"},"name":{"kind":"Name","value":"parentId"}},{"kind":"Field","name":{"kind":"Name","value":"defaultLevel"}},{"kind":"Field","name":{"kind":"Name","value":"urls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"location"}},{"kind":"Field","name":{"kind":"Name","value":"app"}}]}},{"kind":"Field","name":{"kind":"Name","value":"permissions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"view"}},{"kind":"Field","name":{"kind":"Name","value":"admin"}},{"kind":"Field","name":{"kind":"Name","value":"viewInviteLinks"}},{"kind":"Field","name":{"kind":"Name","value":"create"}}]}}]}}]} as unknown as DocumentNode<TransferCollectionMutation, TransferCollectionMutationVariables>;
export const ListMembersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ListMembers"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"organizationId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"order"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Order"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"role"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"MemberRoleFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"search"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sort"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"MemberSort"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"organization"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"organizationId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"members"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"order"},"value":{"kind":"Variable","name":{"kind":"Name","value":"order"}}},{"kind":"Argument","name":{"kind":"Name","value":"role"},"value":{"kind":"Variable","name":{"kind":"Name","value":"role"}}},{"kind":"Argument","name":{"kind":"Name","value":"search"},"value":{"kind":"Variable","name":{"kind":"Name","value":"search"}}},{"kind":"Argument","name":{"kind":"Name","value":"sort"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sort"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"Page"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestMember"}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestUser"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"photoURL"}},{"kind":"Field","name":{"kind":"Name","value":"urls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"location"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Page"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PageInfo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestMember"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Member"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestUser"}}]}},{"kind":"Field","name":{"kind":"Name","value":"disabled"}},{"kind":"Field","name":{"kind":"Name","value":"joinedAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastSeenAt"}},{"kind":"Field","name":{"kind":"Name","value":"sso"}},{"kind":"Field","alias":{"kind":"Name","value":"spaces"},"name":{"kind":"Name","value":"spacesCount"}},{"kind":"Field","alias":{"kind":"Name","value":"teams"},"name":{"kind":"Name","value":"teamsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"sites"},"name":{"kind":"Name","value":"sitesCount"}}]}}]} as unknown as DocumentNode<ListMembersQuery, ListMembersQueryVariables>;
export const GetMemberDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetMember"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"organizationId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"organization"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"organizationId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"member"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"userId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestMember"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestUser"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"photoURL"}},{"kind":"Field","name":{"kind":"Name","value":"urls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"location"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestMember"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Member"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestUser"}}]}},{"kind":"Field","name":{"kind":"Name","value":"disabled"}},{"kind":"Field","name":{"kind":"Name","value":"joinedAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastSeenAt"}},{"kind":"Field","name":{"kind":"Name","value":"sso"}},{"kind":"Field","alias":{"kind":"Name","value":"spaces"},"name":{"kind":"Name","value":"spacesCount"}},{"kind":"Field","alias":{"kind":"Name","value":"teams"},"name":{"kind":"Name","value":"teamsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"sites"},"name":{"kind":"Name","value":"sitesCount"}}]}}]} as unknown as DocumentNode<GetMemberQuery, GetMemberQueryVariables>;
export const UpdateMemberDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateMember"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateMemberInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateMember"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"member"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestMember"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestUser"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"photoURL"}},{"kind":"Field","name":{"kind":"Name","value":"urls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"location"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestMember"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Member"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestUser"}}]}},{"kind":"Field","name":{"kind":"Name","value":"disabled"}},{"kind":"Field","name":{"kind":"Name","value":"joinedAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastSeenAt"}},{"kind":"Field","name":{"kind":"Name","value":"sso"}},{"kind":"Field","alias":{"kind":"Name","value":"spaces"},"name":{"kind":"Name","value":"spacesCount"}},{"kind":"Field","alias":{"kind":"Name","value":"teams"},"name":{"kind":"Name","value":"teamsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"sites"},"name":{"kind":"Name","value":"sitesCount"}}]}}]} as unknown as DocumentNode<UpdateMemberMutation, UpdateMemberMutationVariables>;
export const RemoveMemberDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RemoveMember"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RemoveMemberInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removeMember"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removed"}}]}}]}}]} as unknown as DocumentNode<RemoveMemberMutation, RemoveMemberMutationVariables>;
export const ListMemberSpacesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ListMemberSpaces"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"organizationId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"order"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Order"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"organization"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"organizationId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"member"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"userId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"spaces"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"order"},"value":{"kind":"Variable","name":{"kind":"Name","value":"order"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"Page"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"permission"}},{"kind":"Field","alias":{"kind":"Name","value":"space"},"name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestSpace"}}]}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Page"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PageInfo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestSpace"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Space"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"emoji"}},{"kind":"Field","name":{"kind":"Name","value":"visibility"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"deletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"editMode"}},{"kind":"Field","name":{"kind":"Name","value":"mergeRules"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"defaultLevel"}},{"kind":"Field","alias":{"kind":"Name","value":"organization"},"name":{"kind":"Name","value":"organizationId"}},{"kind":"Field","alias":{"kind":"Name","value":"parent"},"name":{"kind":"Name","value":"parentId"}},{"kind":"Field","name":{"kind":"Name","value":"revision"}},{"kind":"Field","alias":{"kind":"Name","value":"comments"},"name":{"kind":"Name","value":"openCommentsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"changeRequests"},"name":{"kind":"Name","value":"changeRequestsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"changeRequestsOpen"},"name":{"kind":"Name","value":"openChangeRequestsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"changeRequestsDraft"},"name":{"kind":"Name","value":"draftChangeRequestsCount"}},{"kind":"Field","name":{"kind":"Name","value":"urls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"location"}},{"kind":"Field","name":{"kind":"Name","value":"app"}},{"kind":"Field","name":{"kind":"Name","value":"published"}},{"kind":"Field","name":{"kind":"Name","value":"public"}},{"kind":"Field","name":{"kind":"Name","value":"icon"}}]}},{"kind":"Field","name":{"kind":"Name","value":"permissions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"view"}},{"kind":"Field","name":{"kind":"Name","value":"access"}},{"kind":"Field","name":{"kind":"Name","value":"admin"}},{"kind":"Field","name":{"kind":"Name","value":"viewInviteLinks"}},{"kind":"Field","name":{"kind":"Name","value":"edit"}},{"kind":"Field","name":{"kind":"Name","value":"triggerGitSync"}},{"kind":"Field","name":{"kind":"Name","value":"comment"}},{"kind":"Field","name":{"kind":"Name","value":"merge"}},{"kind":"Field","name":{"kind":"Name","value":"review"}},{"kind":"Field","name":{"kind":"Name","value":"installIntegration"}}]}}]}}]} as unknown as DocumentNode<ListMemberSpacesQuery, ListMemberSpacesQueryVariables>;
export const ListMemberTeamsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ListMemberTeams"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"organizationId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"title"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"organization"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"organizationId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"member"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"userId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"teams"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"title"},"value":{"kind":"Variable","name":{"kind":"Name","value":"title"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"Page"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"team"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestTeam"}}]}}]}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Page"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PageInfo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestTeam"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Team"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","alias":{"kind":"Name","value":"members"},"name":{"kind":"Name","value":"membersCount"}},{"kind":"Field","alias":{"kind":"Name","value":"spaces"},"name":{"kind":"Name","value":"spacesCount"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"permissions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"admin"}},{"kind":"Field","name":{"kind":"Name","value":"view"}}]}}]}}]} as unknown as DocumentNode<ListMemberTeamsQuery, ListMemberTeamsQueryVariables>;
export const ListOrganizationsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ListOrganizations"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"organizations"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"Page"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestOrganization"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Page"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PageInfo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestOrganization"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Organization"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"emailDomains"}},{"kind":"Field","name":{"kind":"Name","value":"hostname"}},{"kind":"Field","name":{"kind":"Name","value":"customHostname"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"useCase"}},{"kind":"Field","name":{"kind":"Name","value":"communityType"}},{"kind":"Field","name":{"kind":"Name","value":"defaultRole"}},{"kind":"Field","name":{"kind":"Name","value":"defaultContent"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"site"}}]}},{"kind":"Field","name":{"kind":"Name","value":"sso"}},{"kind":"Field","name":{"kind":"Name","value":"ai"}},{"kind":"Field","name":{"kind":"Name","value":"inviteLinks"}},{"kind":"Field","name":{"kind":"Name","value":"plan"}},{"kind":"Field","name":{"kind":"Name","value":"mergeRules"}},{"kind":"Field","name":{"kind":"Name","value":"trial"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"count"}}]}},{"kind":"Field","name":{"kind":"Name","value":"urls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"location"}},{"kind":"Field","name":{"kind":"Name","value":"app"}},{"kind":"Field","name":{"kind":"Name","value":"logo"}}]}},{"kind":"Field","name":{"kind":"Name","value":"permissions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"view"}},{"kind":"Field","name":{"kind":"Name","value":"access"}},{"kind":"Field","name":{"kind":"Name","value":"admin"}},{"kind":"Field","name":{"kind":"Name","value":"ownTeam"}},{"kind":"Field","name":{"kind":"Name","value":"createContent"}},{"kind":"Field","name":{"kind":"Name","value":"createOpenAPISpec"}},{"kind":"Field","name":{"kind":"Name","value":"ingestConversations"}},{"kind":"Field","name":{"kind":"Name","value":"viewBilling"}},{"kind":"Field","name":{"kind":"Name","value":"listMembers"}},{"kind":"Field","name":{"kind":"Name","value":"listTeams"}},{"kind":"Field","name":{"kind":"Name","value":"listIntegrations"}},{"kind":"Field","name":{"kind":"Name","value":"listInstallations"}},{"kind":"Field","name":{"kind":"Name","value":"installIntegration"}}]}}]}}]} as unknown as DocumentNode<ListOrganizationsQuery, ListOrganizationsQueryVariables>;
export const GetOrganizationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetOrganization"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"organizationId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"organization"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"organizationId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestOrganization"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestOrganization"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Organization"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"emailDomains"}},{"kind":"Field","name":{"kind":"Name","value":"hostname"}},{"kind":"Field","name":{"kind":"Name","value":"customHostname"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"useCase"}},{"kind":"Field","name":{"kind":"Name","value":"communityType"}},{"kind":"Field","name":{"kind":"Name","value":"defaultRole"}},{"kind":"Field","name":{"kind":"Name","value":"defaultContent"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"site"}}]}},{"kind":"Field","name":{"kind":"Name","value":"sso"}},{"kind":"Field","name":{"kind":"Name","value":"ai"}},{"kind":"Field","name":{"kind":"Name","value":"inviteLinks"}},{"kind":"Field","name":{"kind":"Name","value":"plan"}},{"kind":"Field","name":{"kind":"Name","value":"mergeRules"}},{"kind":"Field","name":{"kind":"Name","value":"trial"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"count"}}]}},{"kind":"Field","name":{"kind":"Name","value":"urls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"location"}},{"kind":"Field","name":{"kind":"Name","value":"app"}},{"kind":"Field","name":{"kind":"Name","value":"logo"}}]}},{"kind":"Field","name":{"kind":"Name","value":"permissions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"view"}},{"kind":"Field","name":{"kind":"Name","value":"access"}},{"kind":"Field","name":{"kind":"Name","value":"admin"}},{"kind":"Field","name":{"kind":"Name","value":"ownTeam"}},{"kind":"Field","name":{"kind":"Name","value":"createContent"}},{"kind":"Field","name":{"kind":"Name","value":"createOpenAPISpec"}},{"kind":"Field","name":{"kind":"Name","value":"ingestConversations"}},{"kind":"Field","name":{"kind":"Name","value":"viewBilling"}},{"kind":"Field","name":{"kind":"Name","value":"listMembers"}},{"kind":"Field","name":{"kind":"Name","value":"listTeams"}},{"kind":"Field","name":{"kind":"Name","value":"listIntegrations"}},{"kind":"Field","name":{"kind":"Name","value":"listInstallations"}},{"kind":"Field","name":{"kind":"Name","value":"installIntegration"}}]}}]}}]} as unknown as DocumentNode<GetOrganizationQuery, GetOrganizationQueryVariables>;
export const UpdateOrganizationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateOrganization"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateOrganizationInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateOrganization"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"organization"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestOrganization"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestOrganization"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Organization"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"emailDomains"}},{"kind":"Field","name":{"kind":"Name","value":"hostname"}},{"kind":"Field","name":{"kind":"Name","value":"customHostname"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"useCase"}},{"kind":"Field","name":{"kind":"Name","value":"communityType"}},{"kind":"Field","name":{"kind":"Name","value":"defaultRole"}},{"kind":"Field","name":{"kind":"Name","value":"defaultContent"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"site"}}]}},{"kind":"Field","name":{"kind":"Name","value":"sso"}},{"kind":"Field","name":{"kind":"Name","value":"ai"}},{"kind":"Field","name":{"kind":"Name","value":"inviteLinks"}},{"kind":"Field","name":{"kind":"Name","value":"plan"}},{"kind":"Field","name":{"kind":"Name","value":"mergeRules"}},{"kind":"Field","name":{"kind":"Name","value":"trial"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"count"}}]}},{"kind":"Field","name":{"kind":"Name","value":"urls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"location"}},{"kind":"Field","name":{"kind":"Name","value":"app"}},{"kind":"Field","name":{"kind":"Name","value":"logo"}}]}},{"kind":"Field","name":{"kind":"Name","value":"permissions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"view"}},{"kind":"Field","name":{"kind":"Name","value":"access"}},{"kind":"Field","name":{"kind":"Name","value":"admin"}},{"kind":"Field","name":{"kind":"Name","value":"ownTeam"}},{"kind":"Field","name":{"kind":"Name","value":"createContent"}},{"kind":"Field","name":{"kind":"Name","value":"createOpenAPISpec"}},{"kind":"Field","name":{"kind":"Name","value":"ingestConversations"}},{"kind":"Field","name":{"kind":"Name","value":"viewBilling"}},{"kind":"Field","name":{"kind":"Name","value":"listMembers"}},{"kind":"Field","name":{"kind":"Name","value":"listTeams"}},{"kind":"Field","name":{"kind":"Name","value":"listIntegrations"}},{"kind":"Field","name":{"kind":"Name","value":"listInstallations"}},{"kind":"Field","name":{"kind":"Name","value":"installIntegration"}}]}}]}}]} as unknown as DocumentNode<UpdateOrganizationMutation, UpdateOrganizationMutationVariables>;
export const JoinOrganizationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"JoinOrganization"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"JoinOrganizationInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"joinOrganization"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"organization"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<JoinOrganizationMutation, JoinOrganizationMutationVariables>;
export const OrganizationsForEmailDomainDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"OrganizationsForEmailDomain"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"emailDomain"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"organizations"},"name":{"kind":"Name","value":"organizationsForEmailDomain"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"emailDomain"},"value":{"kind":"Variable","name":{"kind":"Name","value":"emailDomain"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestOrganization"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestOrganization"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Organization"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"emailDomains"}},{"kind":"Field","name":{"kind":"Name","value":"hostname"}},{"kind":"Field","name":{"kind":"Name","value":"customHostname"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"useCase"}},{"kind":"Field","name":{"kind":"Name","value":"communityType"}},{"kind":"Field","name":{"kind":"Name","value":"defaultRole"}},{"kind":"Field","name":{"kind":"Name","value":"defaultContent"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"site"}}]}},{"kind":"Field","name":{"kind":"Name","value":"sso"}},{"kind":"Field","name":{"kind":"Name","value":"ai"}},{"kind":"Field","name":{"kind":"Name","value":"inviteLinks"}},{"kind":"Field","name":{"kind":"Name","value":"plan"}},{"kind":"Field","name":{"kind":"Name","value":"mergeRules"}},{"kind":"Field","name":{"kind":"Name","value":"trial"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"count"}}]}},{"kind":"Field","name":{"kind":"Name","value":"urls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"location"}},{"kind":"Field","name":{"kind":"Name","value":"app"}},{"kind":"Field","name":{"kind":"Name","value":"logo"}}]}},{"kind":"Field","name":{"kind":"Name","value":"permissions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"view"}},{"kind":"Field","name":{"kind":"Name","value":"access"}},{"kind":"Field","name":{"kind":"Name","value":"admin"}},{"kind":"Field","name":{"kind":"Name","value":"ownTeam"}},{"kind":"Field","name":{"kind":"Name","value":"createContent"}},{"kind":"Field","name":{"kind":"Name","value":"createOpenAPISpec"}},{"kind":"Field","name":{"kind":"Name","value":"ingestConversations"}},{"kind":"Field","name":{"kind":"Name","value":"viewBilling"}},{"kind":"Field","name":{"kind":"Name","value":"listMembers"}},{"kind":"Field","name":{"kind":"Name","value":"listTeams"}},{"kind":"Field","name":{"kind":"Name","value":"listIntegrations"}},{"kind":"Field","name":{"kind":"Name","value":"listInstallations"}},{"kind":"Field","name":{"kind":"Name","value":"installIntegration"}}]}}]}}]} as unknown as DocumentNode<OrganizationsForEmailDomainQuery, OrganizationsForEmailDomainQueryVariables>;
export const GetSpaceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetSpace"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"spaceId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"shareKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"space"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"spaceId"}}},{"kind":"Argument","name":{"kind":"Name","value":"shareKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"shareKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestSpace"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestSpace"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Space"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"emoji"}},{"kind":"Field","name":{"kind":"Name","value":"visibility"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"deletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"editMode"}},{"kind":"Field","name":{"kind":"Name","value":"mergeRules"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"defaultLevel"}},{"kind":"Field","alias":{"kind":"Name","value":"organization"},"name":{"kind":"Name","value":"organizationId"}},{"kind":"Field","alias":{"kind":"Name","value":"parent"},"name":{"kind":"Name","value":"parentId"}},{"kind":"Field","name":{"kind":"Name","value":"revision"}},{"kind":"Field","alias":{"kind":"Name","value":"comments"},"name":{"kind":"Name","value":"openCommentsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"changeRequests"},"name":{"kind":"Name","value":"changeRequestsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"changeRequestsOpen"},"name":{"kind":"Name","value":"openChangeRequestsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"changeRequestsDraft"},"name":{"kind":"Name","value":"draftChangeRequestsCount"}},{"kind":"Field","name":{"kind":"Name","value":"urls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"location"}},{"kind":"Field","name":{"kind":"Name","value":"app"}},{"kind":"Field","name":{"kind":"Name","value":"published"}},{"kind":"Field","name":{"kind":"Name","value":"public"}},{"kind":"Field","name":{"kind":"Name","value":"icon"}}]}},{"kind":"Field","name":{"kind":"Name","value":"permissions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"view"}},{"kind":"Field","name":{"kind":"Name","value":"access"}},{"kind":"Field","name":{"kind":"Name","value":"admin"}},{"kind":"Field","name":{"kind":"Name","value":"viewInviteLinks"}},{"kind":"Field","name":{"kind":"Name","value":"edit"}},{"kind":"Field","name":{"kind":"Name","value":"triggerGitSync"}},{"kind":"Field","name":{"kind":"Name","value":"comment"}},{"kind":"Field","name":{"kind":"Name","value":"merge"}},{"kind":"Field","name":{"kind":"Name","value":"review"}},{"kind":"Field","name":{"kind":"Name","value":"installIntegration"}}]}}]}}]} as unknown as DocumentNode<GetSpaceQuery, GetSpaceQueryVariables>;
export const ListOrganizationSpacesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ListOrganizationSpaces"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"organizationId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"organization"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"organizationId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"spaces"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"Page"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestSpace"}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Page"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PageInfo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestSpace"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Space"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"emoji"}},{"kind":"Field","name":{"kind":"Name","value":"visibility"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"deletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"editMode"}},{"kind":"Field","name":{"kind":"Name","value":"mergeRules"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"defaultLevel"}},{"kind":"Field","alias":{"kind":"Name","value":"organization"},"name":{"kind":"Name","value":"organizationId"}},{"kind":"Field","alias":{"kind":"Name","value":"parent"},"name":{"kind":"Name","value":"parentId"}},{"kind":"Field","name":{"kind":"Name","value":"revision"}},{"kind":"Field","alias":{"kind":"Name","value":"comments"},"name":{"kind":"Name","value":"openCommentsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"changeRequests"},"name":{"kind":"Name","value":"changeRequestsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"changeRequestsOpen"},"name":{"kind":"Name","value":"openChangeRequestsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"changeRequestsDraft"},"name":{"kind":"Name","value":"draftChangeRequestsCount"}},{"kind":"Field","name":{"kind":"Name","value":"urls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"location"}},{"kind":"Field","name":{"kind":"Name","value":"app"}},{"kind":"Field","name":{"kind":"Name","value":"published"}},{"kind":"Field","name":{"kind":"Name","value":"public"}},{"kind":"Field","name":{"kind":"Name","value":"icon"}}]}},{"kind":"Field","name":{"kind":"Name","value":"permissions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"view"}},{"kind":"Field","name":{"kind":"Name","value":"access"}},{"kind":"Field","name":{"kind":"Name","value":"admin"}},{"kind":"Field","name":{"kind":"Name","value":"viewInviteLinks"}},{"kind":"Field","name":{"kind":"Name","value":"edit"}},{"kind":"Field","name":{"kind":"Name","value":"triggerGitSync"}},{"kind":"Field","name":{"kind":"Name","value":"comment"}},{"kind":"Field","name":{"kind":"Name","value":"merge"}},{"kind":"Field","name":{"kind":"Name","value":"review"}},{"kind":"Field","name":{"kind":"Name","value":"installIntegration"}}]}}]}}]} as unknown as DocumentNode<ListOrganizationSpacesQuery, ListOrganizationSpacesQueryVariables>;
export const CreateSpaceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateSpace"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateSpaceInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createSpace"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"space"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestSpace"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestSpace"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Space"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"emoji"}},{"kind":"Field","name":{"kind":"Name","value":"visibility"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"deletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"editMode"}},{"kind":"Field","name":{"kind":"Name","value":"mergeRules"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"defaultLevel"}},{"kind":"Field","alias":{"kind":"Name","value":"organization"},"name":{"kind":"Name","value":"organizationId"}},{"kind":"Field","alias":{"kind":"Name","value":"parent"},"name":{"kind":"Name","value":"parentId"}},{"kind":"Field","name":{"kind":"Name","value":"revision"}},{"kind":"Field","alias":{"kind":"Name","value":"comments"},"name":{"kind":"Name","value":"openCommentsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"changeRequests"},"name":{"kind":"Name","value":"changeRequestsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"changeRequestsOpen"},"name":{"kind":"Name","value":"openChangeRequestsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"changeRequestsDraft"},"name":{"kind":"Name","value":"draftChangeRequestsCount"}},{"kind":"Field","name":{"kind":"Name","value":"urls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"location"}},{"kind":"Field","name":{"kind":"Name","value":"app"}},{"kind":"Field","name":{"kind":"Name","value":"published"}},{"kind":"Field","name":{"kind":"Name","value":"public"}},{"kind":"Field","name":{"kind":"Name","value":"icon"}}]}},{"kind":"Field","name":{"kind":"Name","value":"permissions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"view"}},{"kind":"Field","name":{"kind":"Name","value":"access"}},{"kind":"Field","name":{"kind":"Name","value":"admin"}},{"kind":"Field","name":{"kind":"Name","value":"viewInviteLinks"}},{"kind":"Field","name":{"kind":"Name","value":"edit"}},{"kind":"Field","name":{"kind":"Name","value":"triggerGitSync"}},{"kind":"Field","name":{"kind":"Name","value":"comment"}},{"kind":"Field","name":{"kind":"Name","value":"merge"}},{"kind":"Field","name":{"kind":"Name","value":"review"}},{"kind":"Field","name":{"kind":"Name","value":"installIntegration"}}]}}]}}]} as unknown as DocumentNode<CreateSpaceMutation, CreateSpaceMutationVariables>;
export const UpdateSpaceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateSpace"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateSpaceInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateSpace"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"space"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestSpace"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestSpace"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Space"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"emoji"}},{"kind":"Field","name":{"kind":"Name","value":"visibility"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"deletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"editMode"}},{"kind":"Field","name":{"kind":"Name","value":"mergeRules"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"defaultLevel"}},{"kind":"Field","alias":{"kind":"Name","value":"organization"},"name":{"kind":"Name","value":"organizationId"}},{"kind":"Field","alias":{"kind":"Name","value":"parent"},"name":{"kind":"Name","value":"parentId"}},{"kind":"Field","name":{"kind":"Name","value":"revision"}},{"kind":"Field","alias":{"kind":"Name","value":"comments"},"name":{"kind":"Name","value":"openCommentsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"changeRequests"},"name":{"kind":"Name","value":"changeRequestsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"changeRequestsOpen"},"name":{"kind":"Name","value":"openChangeRequestsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"changeRequestsDraft"},"name":{"kind":"Name","value":"draftChangeRequestsCount"}},{"kind":"Field","name":{"kind":"Name","value":"urls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"location"}},{"kind":"Field","name":{"kind":"Name","value":"app"}},{"kind":"Field","name":{"kind":"Name","value":"published"}},{"kind":"Field","name":{"kind":"Name","value":"public"}},{"kind":"Field","name":{"kind":"Name","value":"icon"}}]}},{"kind":"Field","name":{"kind":"Name","value":"permissions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"view"}},{"kind":"Field","name":{"kind":"Name","value":"access"}},{"kind":"Field","name":{"kind":"Name","value":"admin"}},{"kind":"Field","name":{"kind":"Name","value":"viewInviteLinks"}},{"kind":"Field","name":{"kind":"Name","value":"edit"}},{"kind":"Field","name":{"kind":"Name","value":"triggerGitSync"}},{"kind":"Field","name":{"kind":"Name","value":"comment"}},{"kind":"Field","name":{"kind":"Name","value":"merge"}},{"kind":"Field","name":{"kind":"Name","value":"review"}},{"kind":"Field","name":{"kind":"Name","value":"installIntegration"}}]}}]}}]} as unknown as DocumentNode<UpdateSpaceMutation, UpdateSpaceMutationVariables>;
export const DeleteSpaceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteSpace"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DeleteSpaceInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteSpace"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleted"}}]}}]}}]} as unknown as DocumentNode<DeleteSpaceMutation, DeleteSpaceMutationVariables>;
export const DuplicateSpaceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DuplicateSpace"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DuplicateSpaceInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"duplicateSpace"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"space"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestSpace"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestSpace"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Space"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"emoji"}},{"kind":"Field","name":{"kind":"Name","value":"visibility"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"deletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"editMode"}},{"kind":"Field","name":{"kind":"Name","value":"mergeRules"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"defaultLevel"}},{"kind":"Field","alias":{"kind":"Name","value":"organization"},"name":{"kind":"Name","value":"organizationId"}},{"kind":"Field","alias":{"kind":"Name","value":"parent"},"name":{"kind":"Name","value":"parentId"}},{"kind":"Field","name":{"kind":"Name","value":"revision"}},{"kind":"Field","alias":{"kind":"Name","value":"comments"},"name":{"kind":"Name","value":"openCommentsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"changeRequests"},"name":{"kind":"Name","value":"changeRequestsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"changeRequestsOpen"},"name":{"kind":"Name","value":"openChangeRequestsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"changeRequestsDraft"},"name":{"kind":"Name","value":"draftChangeRequestsCount"}},{"kind":"Field","name":{"kind":"Name","value":"urls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"location"}},{"kind":"Field","name":{"kind":"Name","value":"app"}},{"kind":"Field","name":{"kind":"Name","value":"published"}},{"kind":"Field","name":{"kind":"Name","value":"public"}},{"kind":"Field","name":{"kind":"Name","value":"icon"}}]}},{"kind":"Field","name":{"kind":"Name","value":"permissions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"view"}},{"kind":"Field","name":{"kind":"Name","value":"access"}},{"kind":"Field","name":{"kind":"Name","value":"admin"}},{"kind":"Field","name":{"kind":"Name","value":"viewInviteLinks"}},{"kind":"Field","name":{"kind":"Name","value":"edit"}},{"kind":"Field","name":{"kind":"Name","value":"triggerGitSync"}},{"kind":"Field","name":{"kind":"Name","value":"comment"}},{"kind":"Field","name":{"kind":"Name","value":"merge"}},{"kind":"Field","name":{"kind":"Name","value":"review"}},{"kind":"Field","name":{"kind":"Name","value":"installIntegration"}}]}}]}}]} as unknown as DocumentNode<DuplicateSpaceMutation, DuplicateSpaceMutationVariables>;
export const RestoreSpaceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestoreSpace"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RestoreSpaceInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"restoreSpace"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"space"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestSpace"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestSpace"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Space"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"emoji"}},{"kind":"Field","name":{"kind":"Name","value":"visibility"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"deletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"editMode"}},{"kind":"Field","name":{"kind":"Name","value":"mergeRules"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"defaultLevel"}},{"kind":"Field","alias":{"kind":"Name","value":"organization"},"name":{"kind":"Name","value":"organizationId"}},{"kind":"Field","alias":{"kind":"Name","value":"parent"},"name":{"kind":"Name","value":"parentId"}},{"kind":"Field","name":{"kind":"Name","value":"revision"}},{"kind":"Field","alias":{"kind":"Name","value":"comments"},"name":{"kind":"Name","value":"openCommentsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"changeRequests"},"name":{"kind":"Name","value":"changeRequestsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"changeRequestsOpen"},"name":{"kind":"Name","value":"openChangeRequestsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"changeRequestsDraft"},"name":{"kind":"Name","value":"draftChangeRequestsCount"}},{"kind":"Field","name":{"kind":"Name","value":"urls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"location"}},{"kind":"Field","name":{"kind":"Name","value":"app"}},{"kind":"Field","name":{"kind":"Name","value":"published"}},{"kind":"Field","name":{"kind":"Name","value":"public"}},{"kind":"Field","name":{"kind":"Name","value":"icon"}}]}},{"kind":"Field","name":{"kind":"Name","value":"permissions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"view"}},{"kind":"Field","name":{"kind":"Name","value":"access"}},{"kind":"Field","name":{"kind":"Name","value":"admin"}},{"kind":"Field","name":{"kind":"Name","value":"viewInviteLinks"}},{"kind":"Field","name":{"kind":"Name","value":"edit"}},{"kind":"Field","name":{"kind":"Name","value":"triggerGitSync"}},{"kind":"Field","name":{"kind":"Name","value":"comment"}},{"kind":"Field","name":{"kind":"Name","value":"merge"}},{"kind":"Field","name":{"kind":"Name","value":"review"}},{"kind":"Field","name":{"kind":"Name","value":"installIntegration"}}]}}]}}]} as unknown as DocumentNode<RestoreSpaceMutation, RestoreSpaceMutationVariables>;
export const MoveSpaceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"MoveSpace"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"MoveSpaceInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"moveSpace"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"space"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestSpace"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestSpace"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Space"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"emoji"}},{"kind":"Field","name":{"kind":"Name","value":"visibility"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"deletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"editMode"}},{"kind":"Field","name":{"kind":"Name","value":"mergeRules"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"defaultLevel"}},{"kind":"Field","alias":{"kind":"Name","value":"organization"},"name":{"kind":"Name","value":"organizationId"}},{"kind":"Field","alias":{"kind":"Name","value":"parent"},"name":{"kind":"Name","value":"parentId"}},{"kind":"Field","name":{"kind":"Name","value":"revision"}},{"kind":"Field","alias":{"kind":"Name","value":"comments"},"name":{"kind":"Name","value":"openCommentsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"changeRequests"},"name":{"kind":"Name","value":"changeRequestsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"changeRequestsOpen"},"name":{"kind":"Name","value":"openChangeRequestsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"changeRequestsDraft"},"name":{"kind":"Name","value":"draftChangeRequestsCount"}},{"kind":"Field","name":{"kind":"Name","value":"urls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"location"}},{"kind":"Field","name":{"kind":"Name","value":"app"}},{"kind":"Field","name":{"kind":"Name","value":"published"}},{"kind":"Field","name":{"kind":"Name","value":"public"}},{"kind":"Field","name":{"kind":"Name","value":"icon"}}]}},{"kind":"Field","name":{"kind":"Name","value":"permissions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"view"}},{"kind":"Field","name":{"kind":"Name","value":"access"}},{"kind":"Field","name":{"kind":"Name","value":"admin"}},{"kind":"Field","name":{"kind":"Name","value":"viewInviteLinks"}},{"kind":"Field","name":{"kind":"Name","value":"edit"}},{"kind":"Field","name":{"kind":"Name","value":"triggerGitSync"}},{"kind":"Field","name":{"kind":"Name","value":"comment"}},{"kind":"Field","name":{"kind":"Name","value":"merge"}},{"kind":"Field","name":{"kind":"Name","value":"review"}},{"kind":"Field","name":{"kind":"Name","value":"installIntegration"}}]}}]}}]} as unknown as DocumentNode<MoveSpaceMutation, MoveSpaceMutationVariables>;
export const TransferSpaceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TransferSpace"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"TransferSpaceInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transferSpace"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"space"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestSpace"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestSpace"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Space"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"emoji"}},{"kind":"Field","name":{"kind":"Name","value":"visibility"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"deletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"editMode"}},{"kind":"Field","name":{"kind":"Name","value":"mergeRules"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"defaultLevel"}},{"kind":"Field","alias":{"kind":"Name","value":"organization"},"name":{"kind":"Name","value":"organizationId"}},{"kind":"Field","alias":{"kind":"Name","value":"parent"},"name":{"kind":"Name","value":"parentId"}},{"kind":"Field","name":{"kind":"Name","value":"revision"}},{"kind":"Field","alias":{"kind":"Name","value":"comments"},"name":{"kind":"Name","value":"openCommentsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"changeRequests"},"name":{"kind":"Name","value":"changeRequestsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"changeRequestsOpen"},"name":{"kind":"Name","value":"openChangeRequestsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"changeRequestsDraft"},"name":{"kind":"Name","value":"draftChangeRequestsCount"}},{"kind":"Field","name":{"kind":"Name","value":"urls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"location"}},{"kind":"Field","name":{"kind":"Name","value":"app"}},{"kind":"Field","name":{"kind":"Name","value":"published"}},{"kind":"Field","name":{"kind":"Name","value":"public"}},{"kind":"Field","name":{"kind":"Name","value":"icon"}}]}},{"kind":"Field","name":{"kind":"Name","value":"permissions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"view"}},{"kind":"Field","name":{"kind":"Name","value":"access"}},{"kind":"Field","name":{"kind":"Name","value":"admin"}},{"kind":"Field","name":{"kind":"Name","value":"viewInviteLinks"}},{"kind":"Field","name":{"kind":"Name","value":"edit"}},{"kind":"Field","name":{"kind":"Name","value":"triggerGitSync"}},{"kind":"Field","name":{"kind":"Name","value":"comment"}},{"kind":"Field","name":{"kind":"Name","value":"merge"}},{"kind":"Field","name":{"kind":"Name","value":"review"}},{"kind":"Field","name":{"kind":"Name","value":"installIntegration"}}]}}]}}]} as unknown as DocumentNode<TransferSpaceMutation, TransferSpaceMutationVariables>;
export const GetSpaceLinksDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetSpaceLinks"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"spaceId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"space"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"spaceId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"links"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"stats"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"broken"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"Page"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"relation"}},{"kind":"Field","name":{"kind":"Name","value":"targetReference"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"url"}}]}},{"kind":"Field","name":{"kind":"Name","value":"locationReferences"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"url"}}]}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Page"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PageInfo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]} as unknown as DocumentNode<GetSpaceLinksQuery, GetSpaceLinksQueryVariables>;
export const ListTeamsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ListTeams"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"organizationId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"owner"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"title"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"organization"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"organizationId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"teams"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"owner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"owner"}}},{"kind":"Argument","name":{"kind":"Name","value":"title"},"value":{"kind":"Variable","name":{"kind":"Name","value":"title"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"Page"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestTeam"}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Page"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PageInfo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestTeam"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Team"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","alias":{"kind":"Name","value":"members"},"name":{"kind":"Name","value":"membersCount"}},{"kind":"Field","alias":{"kind":"Name","value":"spaces"},"name":{"kind":"Name","value":"spacesCount"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"permissions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"admin"}},{"kind":"Field","name":{"kind":"Name","value":"view"}}]}}]}}]} as unknown as DocumentNode<ListTeamsQuery, ListTeamsQueryVariables>;
export const CreateTeamDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateTeam"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateTeamInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createTeam"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"team"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestTeam"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestTeam"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Team"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","alias":{"kind":"Name","value":"members"},"name":{"kind":"Name","value":"membersCount"}},{"kind":"Field","alias":{"kind":"Name","value":"spaces"},"name":{"kind":"Name","value":"spacesCount"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"permissions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"admin"}},{"kind":"Field","name":{"kind":"Name","value":"view"}}]}}]}}]} as unknown as DocumentNode<CreateTeamMutation, CreateTeamMutationVariables>;
export const GetTeamDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetTeam"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"organizationId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"teamId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"organization"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"organizationId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"team"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"teamId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestTeam"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestTeam"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Team"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","alias":{"kind":"Name","value":"members"},"name":{"kind":"Name","value":"membersCount"}},{"kind":"Field","alias":{"kind":"Name","value":"spaces"},"name":{"kind":"Name","value":"spacesCount"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"permissions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"admin"}},{"kind":"Field","name":{"kind":"Name","value":"view"}}]}}]}}]} as unknown as DocumentNode<GetTeamQuery, GetTeamQueryVariables>;
export const UpdateTeamDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateTeam"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateTeamInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateTeam"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"team"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestTeam"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestTeam"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Team"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","alias":{"kind":"Name","value":"members"},"name":{"kind":"Name","value":"membersCount"}},{"kind":"Field","alias":{"kind":"Name","value":"spaces"},"name":{"kind":"Name","value":"spacesCount"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"permissions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"admin"}},{"kind":"Field","name":{"kind":"Name","value":"view"}}]}}]}}]} as unknown as DocumentNode<UpdateTeamMutation, UpdateTeamMutationVariables>;
export const DeleteTeamDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteTeam"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DeleteTeamInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteTeam"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleted"}}]}}]}}]} as unknown as DocumentNode<DeleteTeamMutation, DeleteTeamMutationVariables>;
export const ListTeamMembersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ListTeamMembers"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"organizationId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"teamId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"organization"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"organizationId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"team"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"teamId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"members"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"Page"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","alias":{"kind":"Name","value":"organization"},"name":{"kind":"Name","value":"member"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestMember"}}]}},{"kind":"Field","name":{"kind":"Name","value":"permissions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"view"}}]}}]}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestUser"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"photoURL"}},{"kind":"Field","name":{"kind":"Name","value":"urls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"location"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Page"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PageInfo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestMember"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Member"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestUser"}}]}},{"kind":"Field","name":{"kind":"Name","value":"disabled"}},{"kind":"Field","name":{"kind":"Name","value":"joinedAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastSeenAt"}},{"kind":"Field","name":{"kind":"Name","value":"sso"}},{"kind":"Field","alias":{"kind":"Name","value":"spaces"},"name":{"kind":"Name","value":"spacesCount"}},{"kind":"Field","alias":{"kind":"Name","value":"teams"},"name":{"kind":"Name","value":"teamsCount"}},{"kind":"Field","alias":{"kind":"Name","value":"sites"},"name":{"kind":"Name","value":"sitesCount"}}]}}]} as unknown as DocumentNode<ListTeamMembersQuery, ListTeamMembersQueryVariables>;
export const UpdateTeamMembersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateTeamMembers"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateTeamMembersInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateTeamMembers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"team"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<UpdateTeamMembersMutation, UpdateTeamMembersMutationVariables>;
export const SetTeamMemberDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetTeamMember"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SetTeamMemberInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setTeamMember"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"team"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<SetTeamMemberMutation, SetTeamMemberMutationVariables>;
export const RemoveTeamMemberDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RemoveTeamMember"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RemoveTeamMemberInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removeTeamMember"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removed"}}]}}]}}]} as unknown as DocumentNode<RemoveTeamMemberMutation, RemoveTeamMemberMutationVariables>;
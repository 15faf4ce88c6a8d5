// The tags of Quire's OpenAPI document: operations grouped by the resource they
// act on, each tag declared with a description (the reference page, /docs,
// shows one section per tag, in this order). A route takes the first tag whose
// pattern matches its path; the route table's paths (`/spaces/:spaceId/…`).

export interface TagSpec {
  name: string;
  description: string;
  /** Route paths of the tag. */
  paths: RegExp;
}

const id = ':[A-Za-z]+';

export const tagSpecs: readonly TagSpec[] = [
  {
    name: 'Organizations',
    description: 'The organizations the token belongs to: settings, joining, the organizations of an e-mail domain or subdomain.',
    paths: new RegExp(`^/(orgs(/${id}(/(join|ping))?)?|email-domains/.*|subdomains/.*)$`),
  },
  {
    name: 'Members',
    description: "An organization's members: their roles, spaces and teams.",
    paths: new RegExp(`^/orgs/${id}/members(/|$)`),
  },
  {
    name: 'Invites',
    description: 'Invitations to join an organization, addressed to a person or shared as a link.',
    paths: new RegExp(`^/orgs/${id}/(link-)?invites(/|$)`),
  },
  { name: 'Teams', description: 'Teams of members, and their members.', paths: new RegExp(`^/orgs/${id}/teams(/|$)`) },
  {
    name: 'SSO',
    description: 'SAML identity providers of an organization, and the logins they offer.',
    paths: new RegExp(`^/orgs/${id}/(saml|sso)(/|$)`),
  },
  {
    name: 'Agent instructions',
    description: 'The instructions an organization gives to AI agents working on its content.',
    paths: new RegExp(`^/orgs/${id}/agent-instructions$`),
  },
  {
    name: 'Search',
    description: 'Full-text search in the content of an organization, a site or a space.',
    paths: new RegExp(`^/(orgs/${id}(/sites/${id})?|spaces/${id})/search$`),
  },
  {
    name: 'Change requests',
    description: 'Edits proposed on a branch of a space: their content, contributors, reviews and merge.',
    paths: /\/change-requests(\/|$)/,
  },
  {
    name: 'Comments',
    description: 'Discussions on the pages of a space: comments, replies and who may be mentioned.',
    paths: new RegExp(`^/spaces/${id}/(comments|commenters)(/|$)`),
  },
  {
    name: 'Space content',
    description: "The pages, files, links and reusable content of a space's current or past revisions, and their changes.",
    paths: new RegExp(`^/spaces/${id}/(content|revisions|links|embed|pdf)(/|$)`),
  },
  {
    name: 'Space permissions',
    description: 'Who may read or edit a space: its teams and users, and its default access.',
    paths: new RegExp(`^/spaces/${id}/permissions(/|$)`),
  },
  {
    name: 'Spaces',
    description: 'Spaces of documentation: create, move, duplicate, delete and restore them.',
    paths: /^\/(orgs\/:[A-Za-z]+\/)?spaces(\/|$)/,
  },
  {
    name: 'Collection permissions',
    description: 'Who may read or edit a collection and the spaces in it.',
    paths: new RegExp(`^/collections/${id}/permissions(/|$)`),
  },
  {
    name: 'Collections',
    description: 'Collections group spaces (and other collections) of an organization.',
    paths: /^\/(orgs\/:[A-Za-z]+\/)?collections(\/|$)/,
  },
  {
    name: 'Site spaces',
    description: 'The spaces a published site shows, their order and their customization.',
    paths: new RegExp(`/sites/${id}/site-spaces(/|$)`),
  },
  {
    name: 'Site sections',
    description: 'The top-level sections of a site and the groups that bundle them.',
    paths: new RegExp(`/sites/${id}/(sections|section-groups)(/|$)`),
  },
  {
    name: 'Site share links',
    description: 'Links that open an unlisted site to whoever holds them.',
    paths: new RegExp(`/sites/${id}/share-links(/|$)`),
  },
  {
    name: 'Site customization',
    description: "A site's look and behaviour: customization, redirects and the adaptive-content schema.",
    paths: new RegExp(`/sites/${id}/(customization|redirects?|adaptive-schema)(/|$)`),
  },
  { name: 'Sites', description: 'Published documentation sites: create, publish and structure them.', paths: /\/sites(\/|$)/ },
  { name: 'Published content', description: 'What a published URL shows, resolved without a token.', paths: /^\/urls\// },
  {
    name: 'OpenAPI specifications',
    description: 'OpenAPI documents an organization publishes: their versions and content.',
    paths: new RegExp(`^/orgs/${id}/openapi(/|$)`),
  },
  {
    name: 'Translations',
    description: 'Translations of a space into other languages, and their runs.',
    paths: new RegExp(`^/orgs/${id}/translations(/|$)`),
  },
  {
    name: 'Conversations',
    description: "Readers' conversations with the docs assistant, and the issues and clusters found in them.",
    paths: new RegExp(`^/orgs/${id}/conversations`),
  },
  { name: 'Users', description: 'The user behind the token, and other users by id.', paths: /^\/users?(\/|$)/ },
];

/** The tag of routes no pattern above names (declared only when used). */
export const otherTag: TagSpec = { name: 'Other', description: 'Routes not yet grouped under a resource.', paths: /$^/ };

export const tagOfPath = (path: string): TagSpec => tagSpecs.find((tag) => tag.paths.test(path)) ?? otherTag;

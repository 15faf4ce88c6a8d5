// Opaque, type-prefixed ids: one string names a resource in REST and in GraphQL,
// and its prefix tells Relay `node(id:)` which type to load.
import { randomBytes } from 'node:crypto';

export const idPrefixes = {
  Organization: 'org',
  User: 'usr',
  Space: 'spc',
  Collection: 'col',
  Revision: 'rev',
  Page: 'pag',
  Invite: 'inv',
  Site: 'sit',
  SiteSpace: 'sis',
  SiteSection: 'sse',
  SiteSectionGroup: 'ssg',
  ShareLink: 'shl',
  Team: 'tea',
  SamlProvider: 'sml',
  ChangeRequest: 'chr',
  ChangeRequestReview: 'crv',
  Comment: 'cmt',
  CommentReply: 'cmr',
  ApiToken: 'tok',
  OpenAPISpec: 'oas',
  OpenAPISpecVersion: 'oav',
  Conversation: 'cnv',
  ConversationIssue: 'cis',
  IssuesCluster: 'icl',
  File: 'fil',
  Translation: 'trs',
  SiteRedirect: 'srd',
} as const;

export type IdType = keyof typeof idPrefixes;
const typeByPrefix = new Map<string, IdType>(Object.entries(idPrefixes).map(([type, prefix]) => [prefix, type as IdType]));

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** 20 random base62 characters (~119 bits) behind the type prefix. */
export function newId(type: IdType): string {
  const bytes = randomBytes(20);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % 62];
  return `${idPrefixes[type]}_${out}`;
}

/** The type an id names, or undefined for a string that is no Quire id. */
export function typeOfId(id: string): IdType | undefined {
  const underscore = id.indexOf('_');
  return underscore > 0 ? typeByPrefix.get(id.slice(0, underscore)) : undefined;
}

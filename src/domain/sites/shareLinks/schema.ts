// Share links (4.5) in the graph: the node, the site's list of them, and their
// mutations.
import { completeValue } from '@pothos/core';
import { builder, type ObjectFieldBuilder } from '../../../schema/builder.js';
import type { ShareLink } from '../../../generated/prisma/client.js';
import { requireActor } from '../../../context.js';
import { authorize, sitePolicy } from '../../../policy/index.js';
import { itemsOfSite, mayOnSite } from '../access.js';
import { oldestFirst, scopedList, type ScopedList } from '../../../schema/lists.js';
import { planList, planType } from '../../../schema/plan/plan.js';
import { nodeConnection } from '../../../schema/connections.js';
import { deletion, deletionFields } from '../../../schema/payloads.js';
import type { SiteRow } from '../loaders.js';
import { sitePublishedBase } from '../addresses.js';
import { siteIdFields } from '../schema.js';
import { PublishedUrls, siteRowOf } from '../siteSpaces/schema.js';
import { createShareLink, deleteShareLink, updateShareLink } from './service.js';
import { containsText } from '../../../db/textSearch.js';

export const ShareLinkRef = builder.prismaNode('ShareLink', {
  id: { field: 'id' },
  description: 'A secret link opening a share-link site; managed by the site admins.',
  authScopes: (link, ctx) => mayOnSite(ctx, link.siteId, 'viewShareLinks'),
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Name, at most 50 characters.' }),
    active: t.exposeBoolean('active', { description: 'Whether the link opens the site; an inactive one stops at once.' }),
    key: t.exposeString('key', { description: 'The secret key (REST `shareKey`).' }),
    siteId: t.exposeID('siteId', { description: 'Id of the site.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the link was created.' }),
    urls: t.field({
      type: PublishedUrls,
      description: 'The site opened with this link.',
      // At once when the site was loaded (its list loads it first).
      resolve: (link, _args, ctx) =>
        completeValue(siteRowOf(ctx, link.siteId), (site) => ({ published: `${sitePublishedBase(ctx.urls, site)}?share=${link.key}` })),
    }),
  }),
});

const ShareLinkConnection = nodeConnection(ShareLinkRef, 'ShareLink', { items: 'share links' });

// The fields of a share link the read planner answers from its columns (src/schema/plan).
planType('ShareLink', {
  model: 'ShareLink',
  columns: { id: 'id', name: 'name', active: 'active', key: 'key', siteId: 'siteId', createdAt: 'createdAt' },
  // Its resolver above answers it from the row and the site its list loaded.
  computed: { urls: ['key'] },
  subject: ['siteId'],
  visible: (link, ctx) => mayOnSite(ctx, link.siteId as string, 'viewShareLinks'),
});

const shareLinksOfSite: ScopedList<SiteRow, { search?: string | null }> = {
  model: (ctx) => ctx.prisma.shareLink,
  where: async (s, args, ctx) => {
    authorize(sitePolicy, requireActor(ctx), s, 'viewShareLinks');
    const bySearch = args.search ? { OR: [{ name: containsText(args.search) }, { key: args.search }] } : {};
    return { ...(await itemsOfSite(ctx, s.id)), ...bySearch };
  },
  orderBy: oldestFirst,
};
planList('Site', 'shareLinks', 'ShareLink', shareLinksOfSite);

builder.prismaObjectField('Site', 'shareLinks', (t) =>
  t.prismaConnection(
    {
      type: 'ShareLink',
      cursor: 'id',
      description: 'Share links of the site, oldest first (site admins).',
      args: {
        search: t.arg.string({ description: 'Only the links whose name contains this text (case-insensitive), or whose key is this.' }),
      },
      ...scopedList(shareLinksOfSite),
    },
    ShareLinkConnection,
  ),
);

const shareLinkField = <P extends { shareLink: ShareLink }>(t: ObjectFieldBuilder<P>, description: string) =>
  t.field({ type: ShareLinkRef, description, resolve: (payload) => payload.shareLink });

builder.relayMutationField(
  'createShareLink',
  {
    description: 'Arguments of createShareLink.',
    inputFields: (t) => ({ ...siteIdFields(t), name: t.string({ required: true, description: 'Name, at most 50 characters.' }) }),
  },
  {
    description: 'Creates an active share link with a new secret key.',
    resolve: async (_root, { input }, ctx) => ({ shareLink: await createShareLink(ctx, input) }),
  },
  { description: 'The result of createShareLink.', outputFields: (t) => ({ shareLink: shareLinkField(t, 'The new share link.') }) },
);

builder.relayMutationField(
  'updateShareLink',
  {
    description: 'Arguments of updateShareLink: at least one of active and name.',
    inputFields: (t) => ({
      ...siteIdFields(t),
      shareLinkId: t.id({ required: true, description: 'Id of the share link.' }),
      active: t.boolean({ description: 'false deactivates the link (its key stops working at once); true reactivates it.' }),
      name: t.string({ description: 'Name, at most 50 characters.' }),
    }),
  },
  {
    description: 'Renames, deactivates or reactivates a share link.',
    resolve: async (_root, { input }, ctx) => ({ shareLink: await updateShareLink(ctx, input) }),
  },
  { description: 'The result of updateShareLink.', outputFields: (t) => ({ shareLink: shareLinkField(t, 'The share link as changed.') }) },
);

builder.relayMutationField(
  'deleteShareLink',
  {
    description: 'Arguments of deleteShareLink.',
    inputFields: (t) => ({ ...siteIdFields(t), shareLinkId: t.id({ required: true, description: 'Id of the share link.' }) }),
  },
  {
    description: 'Deletes a share link: its key stops working. Idempotent.',
    resolve: async (_root, { input }, ctx) => deletion(await deleteShareLink(ctx, input), input.shareLinkId),
  },
  { description: 'The result of deleteShareLink.', outputFields: (t) => deletionFields(t, 'deleted', 'ShareLink') },
);

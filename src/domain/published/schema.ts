// `publishedContentByUrl` (REST POST and GET /urls/published): a visitor's URL
// resolved to what it shows and a site visitor token. Anonymous.
import { builder } from '../../schema/builder.js';
import { restEnum } from '../../schema/enums.js';
import { resolvePublishedUrl, type PublishedContentRedirect, type PublishedSiteContent } from './urlResolution.js';

const PublishedSiteContentRef = builder.objectRef<PublishedSiteContent>('PublishedSiteContent').implement({
  description: 'Published content a URL shows, and the token to read it with.',
  fields: (t) => ({
    organizationId: t.exposeID('organizationId', { description: 'Id of the organization.' }),
    siteId: t.exposeID('siteId', { description: 'Id of the site.' }),
    siteSectionId: t.exposeID('siteSectionId', { nullable: true, description: 'Id of the section (sites with sections).' }),
    siteSpaceId: t.exposeID('siteSpaceId', { description: 'Id of the site space.' }),
    spaceId: t.exposeID('spaceId', { description: 'Id of the space it publishes.' }),
    pathname: t.exposeString('pathname', { description: "The page's path in the space: what is left of the URL's path." }),
    basePath: t.exposeString('basePath', { description: "The URL's path up to the site space (with slashes around)." }),
    siteBasePath: t.exposeString('siteBasePath', { description: "The URL's path up to the site (with slashes around)." }),
    apiToken: t.exposeString('apiToken', {
      description: 'A short-lived site visitor token (a JWT, see docs/tokens.md): a bearer token that reads what the site publishes.',
    }),
    shareKey: t.exposeString('shareKey', { nullable: true, description: 'The share link key the URL opened a share-link site with.' }),
    complete: t.exposeBoolean('complete', {
      description: 'Whether the site part of the URL is resolved to its end: the rest is a page path.',
    }),
    canonicalUrl: t.exposeString('canonicalUrl', { description: 'The canonical URL of the content.' }),
  }),
});

const RedirectTarget = restEnum('PublishedContentRedirectTarget', ['content'] as const, 'Where a redirect leads.', {
  content: 'Other content of the site: its canonical address.',
});

const PublishedContentRedirectRef = builder.objectRef<PublishedContentRedirect>('PublishedContentRedirect').implement({
  description: 'The URL names content that lives at another address.',
  fields: (t) => ({
    target: t.field({ type: RedirectTarget, description: 'Where it leads.', resolve: (r) => r.target }),
    redirect: t.exposeString('redirect', { description: 'The address to go to.' }),
  }),
});

const PublishedContentLookup = builder.unionType('PublishedContentLookup', {
  description: 'What a published URL resolves to: content, or a redirect.',
  types: [PublishedSiteContentRef, PublishedContentRedirectRef],
  resolveType: (lookup) => (lookup.kind === 'content' ? PublishedSiteContentRef : PublishedContentRedirectRef),
});

const VisitorType = restEnum('SiteVisitorType', ['human', 'agent'] as const, 'Who visits.', {
  human: 'A person.',
  agent: 'An AI agent.',
});

const SiteVisitorPayloadInput = builder.inputType('SiteVisitorPayloadInput', {
  description: 'What the renderer knows about the visitor.',
  fields: (t) => ({
    type: t.field({ type: VisitorType, description: 'A person (default) or an AI agent.' }),
    jwtToken: t.string({ description: "Signed visitor claims (a JWT from `pingOrganization`'s docsVisitorClaims)." }),
    unsignedClaims: t.field({ type: 'JSON', description: 'Claims nobody signed (an object, at most 4 KB).' }),
  }),
});

builder.queryField('publishedContentByUrl', (t) =>
  t.field({
    type: PublishedContentLookup,
    // Anonymous: the Query type's `authenticated` scope does not apply.
    skipTypeScopes: true,
    description:
      'Resolves the URL of published content (a site at its hostname, proxy or Quire address; a site section, site space and page path after it) to what it shows, with a site visitor token. Anonymous; NOT_FOUND when nothing published is there.',
    args: {
      url: t.arg.string({ required: true, description: 'The URL, at most 2048 characters.' }),
      shareKey: t.arg.string({ description: "A share link's key, for a share-link site whose URL does not carry it." }),
      redirectOnError: t.arg.boolean({ description: 'Accepted for compatibility: Quire has no sign-in page to send visitors to.' }),
      visitor: t.arg({ type: SiteVisitorPayloadInput, description: 'The visitor.' }),
      visitorAuthToken: t.arg.string({ description: 'Signed visitor claims (the GET form of visitor.jwtToken).' }),
    },
    resolve: (_root, args, ctx) =>
      resolvePublishedUrl(ctx, {
        url: args.url,
        shareKey: args.shareKey,
        visitorAuthToken: args.visitorAuthToken,
        visitor: args.visitor && {
          type: args.visitor.type,
          jwtToken: args.visitor.jwtToken,
          unsignedClaims: args.visitor.unsignedClaims as Record<string, unknown> | null | undefined,
        },
      }),
  }),
);

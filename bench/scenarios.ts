// The benchmark's requests. Each scenario draws requests from a seeded
// pseudo-random sequence (organization, caller, space), so Quire and the
// baseline receive the same sequence, and reruns are comparable.
import { BENCH_PUBLIC_URL, searchWords, type BenchDataset } from './seed.js';

export interface BenchRequest {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  /** The bearer token; empty: an anonymous request. */
  token: string;
  body?: unknown;
  /** A status other than 2xx this request must answer (the renderer's redirect lookup: 404); counted as answered. */
  expect?: number;
}

/** The GraphQL scenario's query: one organization, N spaces, each with its organization, parent and grandparent. */
export const benchGraphQLQuery = `query BenchOrganizationSpaces($id: ID!, $first: Int) {
  organization(id: $id) {
    id
    title
    spaces(first: $first) {
      edges { node { id title organization { id title } parent { id title parent { id title } } } }
    }
  }
}`;

/** mulberry32: a tiny seeded generator (the sequence, not its quality, matters here). */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Scenario {
  name: string;
  description: string;
  /** A request generator; each call of `make` starts the same sequence again. */
  make(data: BenchDataset, seed?: number): () => BenchRequest;
  /** Response fields that legitimately differ between two servers (timestamps of writes). */
  volatile?: string[];
  /** Requests of the sequential pass, when not the run's default (a whole number of a sequence's steps). */
  sequentialRequests?: number;
}

type Pick = <T>(items: T[]) => T;
const picker = (seed: number) => {
  const random = seededRandom(seed);
  const pick: Pick = (items) => items[Math.floor(random() * items.length)];
  return { random, pick };
};

/** Readers are the admins and ordinary members of an organization; writers its admins. */
const readers = (org: BenchDataset['orgs'][number]) => [...org.adminTokens, ...org.memberTokens];

const getSpace = (pick: Pick, data: BenchDataset): BenchRequest => {
  const org = pick(data.orgs);
  return { method: 'GET', path: `/v1/spaces/${pick(org.spaceIds)}`, token: pick(readers(org)) };
};
const listSpaces = (pick: Pick, data: BenchDataset, limit: number): BenchRequest => {
  const org = pick(data.orgs);
  return { method: 'GET', path: `/v1/orgs/${org.id}/spaces?limit=${limit}`, token: pick(readers(org)) };
};
const patchSpace = (pick: Pick, data: BenchDataset, n: number): BenchRequest => {
  const org = pick(data.orgs);
  return {
    method: 'PATCH',
    path: `/v1/spaces/${pick(org.spaceIds)}`,
    token: pick(org.adminTokens),
    body: { title: `Bench title ${n % 1000}` },
  };
};
export const graphqlSpaces = (pick: Pick, data: BenchDataset, first: number): BenchRequest => {
  const org = pick(data.orgs);
  return {
    method: 'POST',
    path: '/graphql',
    token: pick(readers(org)),
    body: { query: benchGraphQLQuery, variables: { id: org.id, first } },
  };
};

const getPublishedSite = (pick: Pick, data: BenchDataset): BenchRequest => {
  const org = pick(data.orgs);
  return { method: 'GET', path: `/v1/orgs/${org.id}/sites/${org.publishedSiteId}/published`, token: pick(readers(org)) };
};

/** A root page of an ordinary space (each has pages pag_b{o}r{n}p1…3, see seed.ts). */
const getPage = (pick: Pick, data: BenchDataset): BenchRequest => {
  const o = pick([1, 2]);
  const org = data.orgs[o - 1]!;
  const space = pick(org.spaceIds);
  const n = Number(space.slice(-4));
  return { method: 'GET', path: `/v1/spaces/${space}/content/page/pag_b${o}r${n}p${pick([1, 2, 3])}`, token: pick(readers(org)) };
};
/** One word of the large space's text (each is in about a fifth of its 10,000 pages). */
const searchBigSpace = (pick: Pick, data: BenchDataset): BenchRequest => ({
  method: 'GET',
  path: `/v1/spaces/${data.bigSpaceId}/search?query=${pick(searchWords)}&limit=20`,
  token: pick(data.orgs[0]!.adminTokens),
});

/**
 * GitBook's renderer reading one page of a published site (test/sites/renderer-contract.test.ts),
 * one request per step: the anonymous URL lookup, then with a site visitor token the site
 * profile, the space, the revision, the page's document, meta links, the page by id and by
 * path, the pages, a redirect lookup (404: none) and the search box. The later steps use the
 * token the seed signed for that site space (the same key and claims as the lookup's answer),
 * so no step waits for another's answer; each server still signs a token in the lookup step
 * and verifies the token, and reads again what the site opens, on every later step.
 */
export const renderSteps = 11;
const renderPage = (pick: Pick, data: BenchDataset) => {
  let steps: BenchRequest[] = [];
  return (): BenchRequest => {
    if (steps.length === 0) steps = renderOnePage(pick, data);
    return steps.shift()!;
  };
};
function renderOnePage(pick: Pick, data: BenchDataset): BenchRequest[] {
  const org = pick(data.orgs);
  const at = pick(org.publishedSiteSpaces);
  const k = pick([1, 2, 3]);
  const n = Number(at.spaceId.slice(-4));
  const [site, space, pageId, pagePath] = [org.publishedSiteId, at.spaceId, `pag_b${org.id.slice(-1)}r${n}p${k}`, `page-${k}`];
  const url = `${BENCH_PUBLIC_URL}/published/sites/${site}/${at.sectionPath}/${at.path}/${pagePath}`;
  const revision = `/v1/spaces/${space}/revisions/${at.revisionId}`;
  const get = (path: string, expect?: number): BenchRequest => ({ method: 'GET', path, token: at.apiToken, ...(expect ? { expect } : {}) });
  return [
    { method: 'POST', path: '/v1/urls/published', token: '', body: { url, redirectOnError: false } },
    get(`/v1/orgs/${org.id}/sites/${site}/published`),
    get(`/v1/spaces/${space}`),
    get(`${revision}?metadata=true`),
    get(`${revision}/page/${pageId}/document?evaluated=deterministic-only&dereferenced=reusable-contents`),
    get(`${revision}/page/${pageId}/meta-links`),
    get(`${revision}/page/${pageId}?format=markdown`),
    get(`${revision}/path/${pagePath}`),
    get(`${revision}/pages`),
    get(`/v1/orgs/${org.id}/sites/${site}/redirect?source=${encodeURIComponent('/no/such/page')}`, 404),
    { method: 'POST', path: `/v1/orgs/${org.id}/sites/${site}/search`, token: at.apiToken, body: { query: at.word } },
  ];
}

export const scenarios: Scenario[] = [
  {
    name: 'rest-get-space',
    description: 'REST GET /v1/spaces/{spaceId}',
    make: (data, seed = 1) => {
      const { pick } = picker(seed);
      return () => getSpace(pick, data);
    },
  },
  {
    name: 'rest-list-spaces',
    description: 'REST GET /v1/orgs/{organizationId}/spaces?limit=100',
    make: (data, seed = 2) => {
      const { pick } = picker(seed);
      return () => listSpaces(pick, data, 100);
    },
  },
  {
    name: 'rest-patch-space',
    description: 'REST PATCH /v1/spaces/{spaceId} {title}',
    volatile: ['updatedAt'],
    make: (data, seed = 3) => {
      const { pick } = picker(seed);
      let n = 0;
      return () => patchSpace(pick, data, n++);
    },
  },
  {
    name: 'graphql-org-spaces',
    description: 'GraphQL organization → 100 spaces → organization, parent, parent.parent',
    make: (data, seed = 4) => {
      const { pick } = picker(seed);
      return () => graphqlSpaces(pick, data, 100);
    },
  },
  {
    name: 'rest-published-site',
    description: 'REST GET /v1/orgs/{organizationId}/sites/{siteId}/published: 20 sections of 5 site spaces with their spaces',
    make: (data, seed = 8) => {
      const { pick } = picker(seed);
      return () => getPublishedSite(pick, data);
    },
  },
  {
    name: 'rest-get-page',
    description: 'REST GET /v1/spaces/{spaceId}/content/page/{pageId} (a root page of a 3-page space, as a rich-text document)',
    make: (data, seed = 9) => {
      const { pick } = picker(seed);
      return () => getPage(pick, data);
    },
  },
  {
    name: 'rest-search-space',
    description: 'REST GET /v1/spaces/{spaceId}/search?query=<word>&limit=20 on a space of 10,000 pages (~2,000 match)',
    make: (data, seed = 10) => {
      const { pick } = picker(seed);
      return () => searchBigSpace(pick, data);
    },
  },
  {
    name: 'render-page',
    description:
      "GitBook's renderer, one page of a published site as an anonymous visitor: URL lookup, then with the site token the site, space, revision, page document, meta links, page by id and by path, pages, redirect lookup (404), site search",
    volatile: ['apiToken'],
    sequentialRequests: 2 * renderSteps,
    make: (data, seed = 11) => {
      const { pick } = picker(seed);
      return renderPage(pick, data);
    },
  },
  {
    name: 'mixed',
    description: 'Mixed: 60% GET space, 10% list (limit 50), 20% PATCH space, 10% GraphQL (100 spaces)',
    volatile: ['updatedAt'],
    make: (data, seed = 5) => {
      const { random, pick } = picker(seed);
      let n = 0;
      return () => {
        const r = random();
        if (r < 0.6) return getSpace(pick, data);
        if (r < 0.7) return listSpaces(pick, data, 50);
        if (r < 0.9) return patchSpace(pick, data, n++);
        return graphqlSpaces(pick, data, 100);
      };
    },
  },
];

/** The scaling table: the GraphQL scenario at growing list sizes. */
export const scaleSizes = [10, 100, 1000];
export const scalingScenario = (first: number): Scenario => ({
  name: `graphql-org-spaces-${first}`,
  description: `GraphQL organization → ${first} spaces → organization, parent, parent.parent`,
  make: (data, seed = 6) => {
    const { pick } = picker(seed);
    return () => graphqlSpaces(pick, data, first);
  },
});

/** The site series of the scaling table: a published site → its first N sections → their site spaces → spaces. */
export const benchSiteQuery = `query BenchSiteSections($id: ID!, $first: Int) {
  site(id: $id) {
    id
    title
    sections(first: $first) { edges { node { id title siteSpaces { id path space { id title } } } } }
  }
}`;
/** Sections asked for in the site series (the seeded site has PUBLISHED_SECTIONS of 5 site spaces each). */
export const siteScaleSizes = [2, 20];
export const siteScalingScenario = (first: number): Scenario => ({
  name: `graphql-site-sections-${first}`,
  description: `GraphQL site → ${first} sections → site spaces → space`,
  make: (data, seed = 9) => {
    const { pick } = picker(seed);
    return () => {
      const org = pick(data.orgs);
      return {
        method: 'POST',
        path: '/graphql',
        token: pick(readers(org)),
        body: { query: benchSiteQuery, variables: { id: org.publishedSiteId, first } },
      };
    };
  },
});

/** The single-object read of the PostGraphile comparison, as Quire's GraphQL asks it. */
export const benchSpaceQuery = `query BenchSpace($id: ID!) { space(id: $id) { id title visibility organization { id title } } }`;

/** PostGraphile's spelling of the same reads (amber preset: `rowId`, `…ByRowId`, relations named by their foreign keys). */
const postgraphileQueries = {
  orgSpaces: `query($id: String!, $first: Int) { organizationByRowId(rowId: $id) { rowId title
    spacesByOrganizationId(first: $first, orderBy: [CREATED_AT_ASC, PRIMARY_KEY_ASC]) { nodes { rowId title
      organizationByOrganizationId { rowId title } collectionByParentId { rowId title collectionByParentId { rowId title } } } } } }`,
  space: `query($id: String!) { spaceByRowId(rowId: $id) { rowId title visibility organizationByOrganizationId { rowId title } } }`,
};

/** The servers of the PostGraphile comparison: Quire, PostGraphile without authorization, PostGraphile with RLS. */
export const referenceSides = ['quire', 'postgraphile', 'postgraphile-rls'] as const;
export type ReferenceSide = (typeof referenceSides)[number];

/** One read as Quire and as PostGraphile receive it: the same picks (seeded alike), each server's spelling and credential. */
export interface ReferenceScenario {
  name: string;
  description: string;
  sides: Record<ReferenceSide, Scenario>;
}

/**
 * The caller is one of the organization's readers (admins and ordinary members: every
 * seeded space and collection admits members), so that the three servers return the
 * same rows. Quire gets their API token, PostGraphile with RLS their JWT (`jwtOf`), and
 * PostGraphile without authorization the API token too (which it ignores).
 */
const referenceScenario = (
  name: string,
  description: string,
  request: (
    pick: Pick,
    org: BenchDataset['orgs'][number],
  ) => { quire: Omit<BenchRequest, 'token'>; postgraphile: Omit<BenchRequest, 'token'> },
  jwtOf: (apiToken: string) => string,
): ReferenceScenario => {
  const side = (which: ReferenceSide): Scenario => ({
    name: `${name} (${which})`,
    description,
    make: (data, seed = 7) => {
      const { pick } = picker(seed);
      return () => {
        const org = pick(data.orgs);
        const both = request(pick, org);
        const token = pick(readers(org));
        return which === 'quire'
          ? { ...both.quire, token }
          : { ...both.postgraphile, token: which === 'postgraphile' ? token : jwtOf(token) };
      };
    },
  });
  return {
    name,
    description,
    sides: { quire: side('quire'), postgraphile: side('postgraphile'), 'postgraphile-rls': side('postgraphile-rls') },
  };
};

export const referenceScenarios = (jwtOf: (apiToken: string) => string): ReferenceScenario[] => [
  referenceScenario(
    'graphql-org-spaces',
    'GraphQL organization → 100 spaces → organization, parent, parent.parent',
    (_pick, org) => ({
      quire: { method: 'POST', path: '/graphql', body: { query: benchGraphQLQuery, variables: { id: org.id, first: 100 } } },
      postgraphile: {
        method: 'POST',
        path: '/graphql',
        body: { query: postgraphileQueries.orgSpaces, variables: { id: org.id, first: 100 } },
      },
    }),
    jwtOf,
  ),
  referenceScenario(
    'graphql-get-space',
    'GraphQL one space with its organization',
    (pick, org) => {
      const id = pick(org.spaceIds);
      return {
        quire: { method: 'POST', path: '/graphql', body: { query: benchSpaceQuery, variables: { id } } },
        postgraphile: { method: 'POST', path: '/graphql', body: { query: postgraphileQueries.space, variables: { id } } },
      };
    },
    jwtOf,
  ),
];

/** PostGraphile's names for Quire's: a PostGraphile answer renamed compares with Quire's. */
const quireNames: Record<string, string> = {
  rowId: 'id',
  organizationByRowId: 'organization',
  spaceByRowId: 'space',
  spacesByOrganizationId: 'spaces',
  organizationByOrganizationId: 'organization',
  collectionByParentId: 'parent',
};

/** A PostGraphile answer in Quire's spelling: fields renamed, a connection's `nodes` as `edges { node }`, enum values as Quire's. */
export function inQuireSpelling(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => inQuireSpelling(v));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) =>
        k === 'nodes'
          ? ['edges', (v as unknown[]).map((node) => ({ node: inQuireSpelling(node) }))]
          : [quireNames[k] ?? k, inQuireSpelling(v, k)],
      ),
    );
  return key === 'visibility' && typeof value === 'string' ? value.toUpperCase().replace(/-/g, '_') : value;
}

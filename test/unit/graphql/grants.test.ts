// The request grants read at the door (src/graphql/grants.ts): the operation's
// share keys and, when it reads site spaces' spaces, the spaces the caller's
// sites show — before any resolver runs, with no database but a stand-in for
// the one statement the site grant takes.
import { describe, expect, it } from 'vitest';
import { parse } from 'graphql';
import { schema } from '../../../src/graphql/schema.js';
import { grantsOf, type Operation } from '../../../src/graphql/grants.js';
import type { Context } from '../../../src/context.js';
import type { Actor } from '../../../src/policy/actor.js';
import { ORG, actor } from '../policy/fixtures.js';

/** A Prisma stand-in answering the site-space statement, recording its filters. */
function fakePrisma(spaceIds: string[]) {
  const calls: unknown[] = [];
  const prisma = { siteSpace: { findMany: async (args: unknown) => (calls.push(args), spaceIds.map((spaceId) => ({ spaceId }))) } };
  return { prisma: prisma as unknown as Context['prisma'], calls };
}

const operation = (query: string, variableValues?: Record<string, unknown>, operationName?: string): Operation => ({
  schema,
  document: parse(query),
  variableValues,
  operationName,
});

async function grants(who: Actor, op: Operation, shown: string[] = []) {
  const { prisma, calls } = fakePrisma(shown);
  const result = await grantsOf(prisma, who, op);
  return { shareKeys: [...result.shareKeys].sort(), siteSpaces: [...result.siteSpaces].sort(), calls };
}

describe('grantsOf', () => {
  it('gathers share keys given as literals, variables and variable defaults, anywhere in the operation', async () => {
    const op = operation(
      `query Q($k: String, $d: String = "key_default", $unused: String) {
        a: space(id: "spc_1", shareKey: "key_literal") { id }
        b: space(id: "spc_2", shareKey: $k) { id }
        c: space(id: "spc_3", shareKey: $d) { id }
        ...More
      }
      fragment More on Query { site(id: "sit_1") { sections(shareKey: "key_fragment") { totalCount } } }`,
      { k: 'key_variable', unused: 'key_unused' },
    );
    expect((await grants(actor('read'), op)).shareKeys).toEqual(['key_default', 'key_fragment', 'key_literal', 'key_variable']);
  });

  it('takes a variable over its default, and ignores empty and non-string values', async () => {
    const op = operation('query($k: String = "key_default") { space(id: "s", shareKey: $k) { id } }', { k: 'key_given' });
    // The default stays listed (it is in the operation text); the given value counts too.
    expect((await grants(actor('read'), op)).shareKeys).toEqual(['key_default', 'key_given']);
    expect(
      (await grants(actor('read'), operation('query($k: String) { space(id: "s", shareKey: $k) { id } }', { k: '' }))).shareKeys,
    ).toEqual([]);
    expect(
      (await grants(actor('read'), operation('query($k: String) { space(id: "s", shareKey: $k) { id } }', { k: null }))).shareKeys,
    ).toEqual([]);
  });

  it('reads only the operation that runs', async () => {
    const op = operation(
      'query A { space(id: "s", shareKey: "key_a") { id } } query B { space(id: "s", shareKey: "key_b") { id } }',
      {},
      'B',
    );
    expect((await grants(actor('read'), op)).shareKeys).toEqual(['key_b']);
    // No operation to run (ambiguous): no grants; execution refuses it anyway.
    expect((await grants(actor('read'), { ...op, operationName: undefined })).shareKeys).toEqual([]);
  });

  it("looks up the spaces sites show only for an operation that reads a site space's space", async () => {
    const withoutSpace = await grants(
      actor('read'),
      operation('{ site(id: "sit_1") { siteSpaces(first: 5) { edges { node { id path } } } } }'),
      ['spc_9'],
    );
    expect(withoutSpace).toEqual({ shareKeys: [], siteSpaces: [], calls: [] });

    const query = '{ site(id: "sit_1") { siteSpaces(first: 5) { edges { node { space { id } } } } } }';
    const reader = await grants(actor('read'), operation(query), ['spc_9']);
    expect(reader.siteSpaces).toEqual(['spc_9']);
    expect(reader.calls).toEqual([
      {
        where: { site: { published: true, OR: [{ organizationId: ORG, defaultLevel: { not: 'guest' } }] } },
        select: { spaceId: true },
        distinct: ['spaceId'],
      },
    ]);
    // Through a fragment on the type as well.
    const fragment = '{ node(id: "ss_1") { ... on SiteSpace { space { id } } } }';
    expect((await grants(actor('read'), operation(fragment), ['spc_9'])).siteSpaces).toEqual(['spc_9']);
  });

  it('takes the share keys into the site lookup, and asks nothing when no site could show a space', async () => {
    const query = 'query($k: String) { site(id: "sit_1") { siteSpaces(first: 5, shareKey: $k) { edges { node { space { id } } } } } }';
    const stranger = await grants(actor('stranger'), operation(query, { k: 'key_1' }), ['spc_9']);
    expect(stranger.siteSpaces).toEqual(['spc_9']);
    expect(stranger.calls).toHaveLength(1);
    expect(JSON.stringify(stranger.calls[0])).toContain('"key":{"in":["key_1"]}');
    // An admin sees every space of their organization already; a guest or a stranger without a key is shown nothing;
    // a token that may not see published spaces gets no grant.
    for (const who of [actor('admin'), actor('guest'), actor('stranger'), actor('read', { scopes: ['site:read'] })]) {
      expect(await grants(who, operation(query, {}), ['spc_9'])).toEqual({ shareKeys: [], siteSpaces: [], calls: [] });
    }
  });
});

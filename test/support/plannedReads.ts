// Comparing planned reads (src/schema/plan) with the generic path: two servers on one
// database, one planning the lists it can, the other never (graphql.plannedReads: false),
// asked the same generated selections, pages and cursors by the same callers.
import fc from 'fast-check';
import { expect } from 'vitest';
import { useTestApp, type TestApp } from './app.js';
import { graphql, rest } from './http.js';

/** Whether a recorded statement is a read plan's. */
export const isPlannedStatement = (sql: string) => sql.startsWith('/* read plan */');

/** A selection set from a list of optional parts (at least one). */
export const someOf = (parts: fc.Arbitrary<string>[]) =>
  fc
    .subarray(parts, { minLength: 1 })
    .chain((chosen) => fc.tuple(...chosen))
    .map((p) => p.join(' '));
export const always = (text: string) => fc.constant(text);
/** A caller's name: one of `favored` (`favoredWeight` to `anyWeight`), or any of `callers`. */
export const callerDrawn = (callers: Record<string, string>, favored: readonly string[], favoredWeight = 2, anyWeight = 1) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...favored), weight: favoredWeight },
    { arbitrary: fc.constantFrom(...Object.keys(callers)), weight: anyWeight },
  );

/** A value now and then (one time in `1 + absent`), else undefined. */
export const rarely = <T>(value: fc.Arbitrary<T>, absent = 3) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: absent }, { arbitrary: value, weight: 1 });

export const organizationSelection = someOf([
  ...['id', 'title', 'emailDomains', 'createdAt', 'sso', 'plan', '__typename', 'hostname'].map(always),
  // Computed from the row by their own resolvers.
  fc.constantFrom('defaultRole', 'defaultContent { type site }', 'trial { status count }', 'urls { location app logo }'),
  fc.constantFrom('permissions { view admin listMembers }', 'permissions { createContent }'),
]);

export const connectionOf = (node: fc.Arbitrary<string>, typeName: string) =>
  someOf([
    always('totalCount'),
    always('__typename'),
    someOf(['hasNextPage', 'hasPreviousPage', 'startCursor', 'endCursor', '__typename'].map(always)).map((s) => `pageInfo { ${s} }`),
    someOf([always('cursor'), always('__typename'), node.map((s) => `node { ${s} }`)]).map((s) => `edges { ${s} }`),
    node.map((s) => `...on ${typeName} { edges { node { ${s} } } }`),
  ]);

const cursorChoice = fc.oneof(fc.nat(8), fc.constantFrom('foreign', 'garbage'));
export const pageArgs = fc.oneof(
  fc.record({
    first: fc.option(fc.constantFrom(0, 1, 2, 3, 5, 100), { nil: undefined }),
    after: fc.option(cursorChoice, { nil: undefined }),
  }),
  fc.record({ last: fc.option(fc.constantFrom(0, 1, 2, 4), { nil: undefined }), before: fc.option(cursorChoice, { nil: undefined }) }),
);

/** Runs `compare` over `cases` `numRuns` times (each run expects both paths alike); answers how many runs the plan answered. */
const PLANNED_RUNS_SEED = 28;

export async function plannedRuns<T>(cases: fc.Arbitrary<T>, numRuns: number, compare: (drawn: T) => Promise<boolean>) {
  let planned = 0;
  await fc.assert(
    fc.asyncProperty(cases, async (drawn) => {
      if (await compare(drawn)) planned++;
    }),
    // A fixed seed: the counts of planned answers below are checked against bars, which a random
    // draw can miss now and then (a member's teams drew 4 planned with a team, bar 5, once in CI).
    { numRuns, seed: PLANNED_RUNS_SEED },
  );
  return planned;
}

/** A page's variables: sizes as drawn; a cursor the caller's own (by index), another organization's, or garbage. */
export function pageVariables(base: Record<string, unknown>, args: Record<string, unknown>, own: readonly string[], foreign: string) {
  const variables: Record<string, unknown> = { ...base };
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined) continue;
    if (name !== 'after' && name !== 'before') variables[name] = value;
    else if (value === 'foreign') variables[name] = foreign;
    else if (value === 'garbage') variables[name] = 'not-a-cursor';
    else variables[name] = own[value as number] ?? foreign;
  }
  return variables;
}

/**
 * Has each caller make a first request, and waits for what it records: a caller's first request marks
 * them seen (Member.lastSeenAt), which would otherwise change between the two servers' answers.
 */
export async function seenBefore(app: TestApp, callers: Record<string, string>) {
  for (const token of Object.values(callers)) await graphql(app, token, '{ __typename }');
  await app.quire.activity.settled();
}

/** The comparisons of `planned` (a server planning reads) with `generic` (one that never does). */
export function comparing(planned: TestApp, generic: TestApp) {
  async function answer(app: TestApp, token: string, query: string, variables: Record<string, unknown>) {
    const { result, statements } = await app.recordStatements(() => graphql(app, token, query, variables));
    return { result, planned: statements.some(isPlannedStatement) };
  }

  /** Asks both servers and expects the same answer (each `alike`); true when the planning one answered from a plan. */
  async function answeredAlike(token: string, query: string, variables: Record<string, unknown>, alike = (result: any) => result) {
    const fromPlan = await answer(planned, token, query, variables);
    const fromGeneric = await answer(generic, token, query, variables);
    expect(fromGeneric.planned).toBe(false);
    expect(alike(fromPlan.result)).toEqual(alike(fromGeneric.result));
    // In the order graphql-js completes the selection too (a planned field answered whole builds its own objects).
    expect(JSON.stringify(fromPlan.result.data)).toBe(JSON.stringify(fromGeneric.result.data));
    return fromPlan.planned;
  }

  /**
   * Pages through a REST list with `limit=2` (at most four pages) for each caller: the planning server
   * answers as the generic one, and reads each of `plannedFor`'s pages in `plannedStatements` planned
   * statements (one, or a list's and the related list's beneath it; or a count per page, in order),
   * then checked by `check` (the public document's schema, say).
   */
  async function restPagesAlike(
    path: string,
    tokens: readonly string[],
    plannedFor: string,
    check?: (page: { status: number; body: any }, url: string) => void,
    plannedStatements: number | readonly number[] = 1,
  ) {
    for (const token of tokens) {
      let page: string | undefined;
      for (let i = 0; i < 4; i++) {
        const url = `${path}${path.includes('?') ? '&' : '?'}limit=2${page ? `&page=${encodeURIComponent(page)}` : ''}`;
        const { result: fromPlan, statements } = await planned.recordStatements(() => rest(planned, token).get(url));
        const fromGeneric = await rest(generic, token).get(url);
        expect({ status: fromPlan.status, body: fromPlan.body }, url).toEqual({ status: fromGeneric.status, body: fromGeneric.body });
        if (token === plannedFor) {
          check?.(fromPlan, url);
          const expected = typeof plannedStatements === 'number' ? plannedStatements : plannedStatements[i];
          expect(statements.filter(isPlannedStatement), url).toHaveLength(expected ?? -1);
        }
        page = fromPlan.body?.next?.page;
        if (!page) break;
      }
    }
  }

  /**
   * A page of a list asked of both servers (`after`/`before` drawn from the caller's own cursors
   * of the whole list, as the generic path gives them, or `foreign`); true when the planning one planned it.
   */
  async function pageAnsweredAlike(
    token: string,
    operation: (selection: string) => string,
    selection: string,
    base: Record<string, unknown>,
    args: Record<string, unknown>,
    edgesOf: (data: any) => { cursor: string }[] | undefined,
    foreign: string,
  ) {
    const all = await graphql(generic, token, operation('edges { cursor }'), { ...base, first: 100 });
    const own = (edgesOf(all.data) ?? []).map((e) => e.cursor);
    return answeredAlike(token, operation(selection), pageVariables(base, args, own, foreign));
  }

  return { answer, answeredAlike, pageAnsweredAlike, restPagesAlike };
}

/** The two servers compared on one database, one planning reads and one never, with their comparisons. */
export function comparedServers() {
  const planned = useTestApp();
  const generic = useTestApp({ graphql: { plannedReads: false } });
  return { planned, generic, ...comparing(planned, generic) };
}

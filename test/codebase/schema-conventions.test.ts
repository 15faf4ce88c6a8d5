// The schema lint and the breaking-change check of `npm run check` (docs/graphql.md):
// the printed schema passes them, and fixtures that break them fail them.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { lintSchema } from '../../scripts/schema-lint.js';
import { acknowledgedCoordinates, addedLines, breakingChanges, unacknowledged } from '../../scripts/schema-breaking.js';

const fixture = (name: string) => `test/fixtures/${name}`;
const read = (file: string) => readFileSync(file, 'utf8');

/** Runs a script as `npm run check` does; its exit status and output. */
function run(script: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', `scripts/${script}`, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  return { status: result.status, output: result.stdout + result.stderr };
}

describe('schema lint', () => {
  it('passes the printed schema', () => {
    expect(lintSchema(buildSchema(read('schema.graphql')))).toEqual([]);
  });

  it('reports each convention a fixture breaks', () => {
    const problems = lintSchema(buildSchema(read(fixture('schema-lint-violations.graphql'))));
    expect(problems).toEqual(
      expect.arrayContaining([
        'Space.title: no description',
        'Query.space(id:): no description',
        'Visibility.PRIVATE: no description',
        'Visibility.internal: enum values are UPPER_CASE (deprecate an old name beside its new one)',
        'Space.name: deprecated without a reason',
        'QuerySpacesConnection.totalCount: every connection has totalCount: Int!',
        'QuerySpacesConnection.edges: its edge type is named QuerySpacesEdge, not QuerySpacesConnectionEdge',
        expect.stringMatching(/^QuerySpacesConnection: a connection is named after its node: SpaceConnection/),
        'Query.spaces: a connection field takes last, before',
        'Mutation.updateSpace: a mutation takes one argument, `input`',
        'Mutation.updateSpace: must answer UpdateSpacePayload!',
        'Mutation.deleteSpace: must answer DeleteSpacePayload!',
        'DeleteSpaceInput: no clientMutationId',
      ]),
    );
  });

  it('lets a deprecated lower-case enum value stay beside its new name', () => {
    const problems = lintSchema(buildSchema(read(fixture('schema-lint-violations.graphql'))));
    expect(problems.filter((p) => p.startsWith('Visibility.unlisted'))).toEqual([]);
  });

  it('fails `npm run schema:lint` on the fixture', () => {
    const result = run('schema-lint.ts', [fixture('schema-lint-violations.graphql')]);
    expect(result.status).toBe(1);
    expect(result.output).toContain('schema convention problem(s)');
  });
});

describe('breaking-change check', () => {
  const base = read(fixture('schema-base.graphql'));
  const changed = read(fixture('schema-breaking.graphql'));

  it('finds the breaking changes, not the safe ones', async () => {
    const paths = (await breakingChanges(base, changed)).map((c) => c.path).sort();
    expect(paths).toEqual(['Query.space.shareKey', 'Space.emoji']);
  });

  it('needs each one acknowledged, by a changelog coordinate covering it or by the commit message', async () => {
    const changes = await breakingChanges(base, changed);
    expect(
      unacknowledged(changes, '', '')
        .map((c) => c.path)
        .sort(),
    ).toEqual(['Query.space.shareKey', 'Space.emoji']);
    expect(unacknowledged(changes, read(fixture('schema-changes-partial.md')), '').map((c) => c.path)).toEqual(['Query.space.shareKey']);
    expect(unacknowledged(changes, read(fixture('schema-changes-acknowledged.md')), '')).toEqual([]);
    expect(unacknowledged(changes, '', 'Drop emoji\n\nBREAKING CHANGE: Space.emoji is gone')).toEqual([]);
    // A coordinate covers what is inside it, not a longer name that starts alike.
    expect(acknowledgedCoordinates('`Query.spa` and `Space`')).toEqual(new Set(['Query.spa', 'Space']));
    expect(unacknowledged(changes, '`Query.spa` `Space`', '').map((c) => c.path)).toEqual(['Query.space.shareKey']);
  });

  it('counts only the changelog lines added since the base', () => {
    expect(addedLines('# Changes\n- `Space.emoji`', '# Changes\n- `Query.space`\n- `Space.emoji`')).toBe('- `Query.space`');
  });

  it('fails `npm run schema:breaking` on the fixture unless acknowledged', () => {
    const args = ['--old', fixture('schema-base.graphql'), '--new', fixture('schema-breaking.graphql')];
    const failed = run('schema-breaking.ts', args);
    expect(failed.status).toBe(1);
    expect(failed.output).toContain('`Space.emoji`');
    expect(run('schema-breaking.ts', [...args, '--changelog', fixture('schema-changes-partial.md')]).status).toBe(1);
    expect(run('schema-breaking.ts', [...args, '--changelog', fixture('schema-changes-acknowledged.md')]).status).toBe(0);
    expect(run('schema-breaking.ts', ['--old', fixture('schema-base.graphql'), '--new', fixture('schema-base.graphql')]).status).toBe(0);
  });

  it('skips, saying so, when there is no previous commit (a shallow clone)', () => {
    const result = run('schema-breaking.ts', [], { SCHEMA_BASE: '0000000000000000000000000000000000000000' });
    expect(result.status).toBe(0);
    expect(result.output).toMatch(/skipped: no commit/);
  });
});

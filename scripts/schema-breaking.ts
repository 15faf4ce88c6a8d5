// Breaking-change check (part of `npm run check`): compares schema.graphql with
// the one of the previous commit (`SCHEMA_BASE`, default HEAD~1: on the main
// branch, its previous commit) using @graphql-inspector/core, and fails on a
// breaking change unless it is acknowledged:
//  - by the commit message (HEAD's) saying `BREAKING CHANGE`, or
//  - by a line added to docs/schema-changes.md since the base that names, in
//    backticks, the change's schema coordinate or one that contains it
//    (`Mutation.createSpace` covers `Mutation.createSpace.organizationId`).
// With no previous commit (a shallow clone, the first commit) it skips, saying so.
//
// `--old <file> --new <file> [--changelog <file>] [--message <text>]` checks two
// files instead of git (the tests use it on fixtures).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CriticalityLevel, diff, type Change } from '@graphql-inspector/core';
import { buildSchema } from 'graphql';

export const CHANGELOG = 'docs/schema-changes.md';
const SCHEMA = 'schema.graphql';

export async function breakingChanges(oldSdl: string, newSdl: string): Promise<Change[]> {
  const changes = await diff(buildSchema(oldSdl), buildSchema(newSdl));
  return changes.filter((c) => c.criticality.level === CriticalityLevel.Breaking);
}

/** Schema coordinates named in backticks in the given changelog text. */
export function acknowledgedCoordinates(changelogText: string): Set<string> {
  return new Set([...changelogText.matchAll(/`([A-Za-z_][\w.]*)`/g)].map((m) => m[1]));
}

const covers = (coordinate: string, path: string) => path === coordinate || path.startsWith(`${coordinate}.`);

/** The breaking changes nothing acknowledges. */
export function unacknowledged(changes: Change[], addedChangelogText: string, commitMessage: string): Change[] {
  if (/BREAKING CHANGE/.test(commitMessage)) return [];
  const coordinates = [...acknowledgedCoordinates(addedChangelogText)];
  return changes.filter((c) => !coordinates.some((coordinate) => covers(coordinate, c.path ?? '')));
}

const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
const tryGit = (...args: string[]) => {
  try {
    return git(...args);
  } catch {
    return undefined;
  }
};

/** Lines of `now` that `before` does not have (what a change added to the changelog). */
export const addedLines = (before: string, now: string) => {
  const old = new Set(before.split('\n'));
  return now
    .split('\n')
    .filter((line) => !old.has(line))
    .join('\n');
};

interface Inputs {
  oldSdl: string;
  newSdl: string;
  addedChangelog: string;
  message: string;
}

function inputsFromGit(): Inputs | string {
  const base = process.env.SCHEMA_BASE ?? 'HEAD~1';
  if (!tryGit('rev-parse', '--verify', '--quiet', `${base}^{commit}`)) return `no commit ${base} here (shallow clone or first commit)`;
  const oldSdl = tryGit('show', `${base}:${SCHEMA}`);
  if (oldSdl === undefined) return `${base} has no ${SCHEMA}`;
  return {
    oldSdl,
    newSdl: readFileSync(SCHEMA, 'utf8'),
    addedChangelog: addedLines(tryGit('show', `${base}:${CHANGELOG}`) ?? '', readFileSync(CHANGELOG, 'utf8')),
    message: tryGit('log', '-1', '--format=%B') ?? '',
  };
}

function inputsFromFiles(args: string[]): Inputs {
  const option = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const changelog = option('--changelog');
  return {
    oldSdl: readFileSync(option('--old')!, 'utf8'),
    newSdl: readFileSync(option('--new')!, 'utf8'),
    addedChangelog: changelog ? readFileSync(changelog, 'utf8') : '',
    message: option('--message') ?? '',
  };
}

async function main(args: string[]) {
  const inputs = args.includes('--old') ? inputsFromFiles(args) : inputsFromGit();
  if (typeof inputs === 'string') {
    console.log(`Schema breaking-change check skipped: ${inputs}.`);
    return 0;
  }
  const breaking = await breakingChanges(inputs.oldSdl, inputs.newSdl);
  const open = unacknowledged(breaking, inputs.addedChangelog, inputs.message);
  if (open.length) {
    for (const change of open) console.error(`breaking: \`${change.path}\` ${change.message}`);
    console.error(
      `${open.length} breaking schema change(s) not acknowledged: name them (schema coordinates in backticks) in ${CHANGELOG}, ` +
        'or say BREAKING CHANGE in the commit message.',
    );
    return 1;
  }
  console.log(`Schema breaking-change check: ${breaking.length} breaking change(s), all acknowledged.`);
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(await main(process.argv.slice(2)));

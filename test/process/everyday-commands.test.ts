// The everyday commands (issue 14): `.env.example` lists every variable src/
// reads with its true default, every CLI command explains itself with --help,
// and `npm run dev` restarts on change.
import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { hostFromEnv, portFromEnv, settingsFromEnv } from '../../src/config/settings.js';
import { databaseSettingsFromEnv } from '../../src/db/settings.js';
import { heapGrowthFromEnv } from '../../src/heapGrowth.js';

const run = promisify(execFile);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Names read from the environment: `process.env.X`, `env.X`, `env['X']`, and the config readers' `(env, 'X'`. */
function variablesReadBySource() {
  const names = new Set<string>();
  const pattern = /\benv(?:\.([A-Z][A-Z0-9_]+)|\[['"]([A-Z][A-Z0-9_]+)['"]\])|\(env, ['"]([A-Z][A-Z0-9_]+)['"]/g;
  for (const file of sourceFiles('src')) {
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) names.add(match[1] ?? match[2] ?? match[3]);
  }
  return names;
}

/** The example's variables: set ones (`NAME=value`) and documented-unset ones (`# NAME=…`). */
function example() {
  const set: Record<string, string> = {};
  const unset = new Set<string>();
  for (const line of readFileSync('.env.example', 'utf8').split('\n')) {
    const active = /^([A-Z][A-Z0-9_]+)=(.*)$/.exec(line);
    if (active) set[active[1]] = active[2];
    const commented = /^#\s*([A-Z][A-Z0-9_]+)=/.exec(line);
    if (commented) unset.add(commented[1]);
  }
  return { set, unset };
}

describe('.env.example', () => {
  it('lists every variable src/ reads', () => {
    const { set, unset } = example();
    const listed = new Set([...Object.keys(set), ...unset]);
    const read = variablesReadBySource();
    expect(read.size).toBeGreaterThan(40);
    expect([...read].filter((name) => !listed.has(name)).sort()).toEqual([]);
    expect([...listed].filter((name) => !read.has(name)).sort()).toEqual([]);
  });

  it('gives each variable its true default: the settings it describes are the settings of an empty environment', () => {
    const { set } = example();
    expect(settingsFromEnv(set)).toEqual(settingsFromEnv({}));
    expect(databaseSettingsFromEnv(set)).toEqual(databaseSettingsFromEnv({}));
    expect(portFromEnv(set)).toBe(portFromEnv({}));
    expect(hostFromEnv(set)).toBe(hostFromEnv({}));
    expect(heapGrowthFromEnv(set)).toBe(heapGrowthFromEnv({}));
    expect(set.LOG_LEVEL).toBe('info');
    expect(set.QUIRE_DATA_DIR).toBe('.quire/pgdata');
  });
});

describe('CLI --help', () => {
  const commands: [string[], RegExp][] = [
    [['--help'], /^Usage/],
    [['bootstrap', '--help'], /^npm run --silent cli -- bootstrap --org/],
    [['user', 'create', '--help'], /^npm run --silent cli -- user create --org/],
    [['token', 'create', '--help'], /^npm run --silent cli -- token create --user/],
    [['token', 'list', '-h'], /^npm run --silent cli -- token list --user/],
    [['help', 'token', 'revoke'], /^npm run --silent cli -- token revoke <tokenId>/],
  ];
  it('explains every command and what it answers, without touching a database', async () => {
    const outputs = await Promise.all(
      commands.map(([args]) =>
        run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
          env: { ...process.env, DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none' },
        }),
      ),
    );
    outputs.forEach(({ stdout }, i) => {
      expect(stdout).toMatch(commands[i][1]);
      if (i > 0) expect(stdout).toMatch(/Answers|Lists/);
    });
    // Every synopsis names the command as it is run: there is no `quire` executable.
    const synopses = outputs[0].stdout.split('\n').filter((line) => line.startsWith('  '));
    expect(synopses.length).toBeGreaterThanOrEqual(8);
    for (const line of synopses) expect(line).toMatch(/^ {2}npm run --silent cli -- [a-z]/);
  }, 120_000);
});

describe('npm run dev', () => {
  it('restarts the service when a source file changes', () => {
    const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts as Record<string, string>;
    expect(scripts.dev).toMatch(/--watch-path=src .*src\/main\.ts$/);
    expect(scripts.demo).toMatch(/src\/demo\.ts$/);
  });
});

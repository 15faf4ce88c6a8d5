// Summarises a V8 CPU profile (`node --cpu-prof`, written by BENCH_PROFILE=1):
// self time per function and per package, and inclusive time for functions
// matching a filter. `npx tsx bench/profile-summary.ts <file.cpuprofile> [top] [filter]`;
// PROFILE_FROM / PROFILE_TO (seconds since the profile started) keep one window, e.g. a load run.
import { readFile } from 'node:fs/promises';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg = '30', filter] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [top] [filter]');
const profile = JSON.parse(await readFile(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// Keep the samples inside the window (timeDeltas are microseconds between samples).
const from = Number(process.env.PROFILE_FROM ?? 0) * 1e6;
const to = Number(process.env.PROFILE_TO ?? Infinity) * 1e6;
let clock = 0;
const inWindow = profile.samples.map((_, i) => ((clock += profile.timeDeltas[i] ?? 0), clock >= from && clock <= to));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => inWindow[i] && self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);

const packageOf = (url: string) => {
  if (!url) return '(native/idle)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith('node:')) return 'node core';
  const src = /\/(src|bench)\/(.*)$/.exec(url);
  return src ? `${src[1]}/${src[2].split('/').slice(0, 2).join('/')}` : url;
};
const label = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} ${packageOf(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)}%`;

const selfByLabel = new Map<string, number>();
const selfByPackage = new Map<string, number>();
for (const [id, us] of self) {
  const n = byId.get(id)!;
  selfByLabel.set(label(n), (selfByLabel.get(label(n)) ?? 0) + us);
  const pkg = n.callFrame.url ? packageOf(n.callFrame.url) : n.callFrame.functionName;
  selfByPackage.set(pkg, (selfByPackage.get(pkg) ?? 0) + us);
}
const top = Number(topArg);
const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(us)}  ${k}`);
};
const idle = [...self].filter(([id]) => byId.get(id)!.callFrame.functionName === '(idle)').reduce((a, [, us]) => a + us, 0);
console.log(
  `${(total / 1e6).toFixed(1)} s sampled, ${((total - idle) / 1e6).toFixed(1)} s busy; profile spans ${(clock / 1e6).toFixed(1)} s`,
);
print('Self time by package', selfByPackage);
print('Self time by function', selfByLabel);

// Inclusive time: each sample counts once for every distinct function on its stack.
const inclusive = new Map<string, number>();
profile.samples.forEach((id, i) => {
  if (!inWindow[i]) return;
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const l = label(byId.get(cur)!);
    if (seen.has(l)) continue;
    seen.add(l);
    inclusive.set(l, (inclusive.get(l) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
});
print(`Inclusive time${filter ? ` (matching ${filter})` : ''}`, new Map([...inclusive].filter(([k]) => !filter || k.includes(filter))));

// What Redis runs, as MONITOR shows it: each command with its source (`lua`
// for the commands a script runs), and a wait until every command Redis ran
// before now has been seen (Redis runs and shows commands in order).
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { expect } from 'vitest';

export interface SeenCommand {
  source: string;
  /** Lower case (`evalsha`, `zadd`). */
  command: string;
  args: string[];
}

export async function watchRedis(url: string) {
  const redis = new Redis(url);
  const monitor = await new Redis(url).monitor();
  const seen: SeenCommand[] = [];
  monitor.on('monitor', (_time: string, args: string[], source: string) =>
    seen.push({ source, command: String(args[0]).toLowerCase(), args: args.slice(1).map(String) }),
  );
  return {
    seen,
    /** Resolves once the monitor has shown every command Redis ran before now. */
    async caughtUp() {
      const marker = `marker:${randomUUID()}`;
      await redis.get(marker);
      await expect.poll(() => seen.some((c) => c.command === 'get' && c.args[0] === marker)).toBe(true);
    },
    close() {
      monitor.disconnect();
      redis.disconnect();
    },
  };
}

// What Redis runs, as MONITOR shows it: each command with its source (`lua`
// for the commands a script runs), and a wait until every command Redis ran
// before now has been seen (Redis runs and shows commands in order).
//
// MONITOR is read from a plain socket: ioredis enters its monitoring mode one
// microtask after MONITOR's OK, so lines that arrive with the OK (a busy Redis,
// the whole suite running) reach its command queue and throw "Command queue
// state error" as an uncaught exception.
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { Redis } from 'ioredis';
import { expect } from 'vitest';

export interface SeenCommand {
  source: string;
  /** Lower case (`evalsha`, `zadd`). */
  command: string;
  args: string[];
}

/** `+1795849093.422422 [0 127.0.0.1:51840] "evalsha" "…"` → the command, its arguments and where it came from. */
function parseMonitorLine(line: string): SeenCommand {
  const source = line.slice(line.indexOf('[') + 1, line.indexOf(']')).split(' ')[1] ?? '';
  const words = line
    .slice(line.indexOf('"') + 1, -1)
    .split('" "')
    .map((word) => word.replace(/\\"/g, '"'));
  return { source, command: words[0]!.toLowerCase(), args: words.slice(1) };
}

export async function watchRedis(url: string) {
  // The client that writes the markers connects first: its ready check is not among the commands seen.
  const redis = new Redis(url);
  await redis.ping();
  const { hostname, port, password } = new URL(url);
  const socket = connect(Number(port || 6379), hostname);
  const seen: SeenCommand[] = [];
  await new Promise<void>((resolve, reject) => {
    let pending = '';
    // The replies to AUTH (when there is a password) and MONITOR come first.
    let repliesLeft = password ? 2 : 1;
    socket.on('error', reject); // (after MONITOR's OK, a no-op)
    socket.on('data', (chunk) => {
      pending += chunk.toString();
      const lines = pending.split('\r\n');
      pending = lines.pop()!;
      for (const line of lines) {
        if (repliesLeft === 0) seen.push(parseMonitorLine(line));
        else if (line !== '+OK') return reject(new Error(`MONITOR refused: ${line}`));
        else if (--repliesLeft === 0) resolve();
      }
    });
    socket.write(`${password ? `AUTH ${decodeURIComponent(password)}\r\n` : ''}MONITOR\r\n`);
  });
  return {
    seen,
    /** Resolves once the monitor has shown every command Redis ran before now. */
    async caughtUp() {
      const marker = `marker:${randomUUID()}`;
      await redis.get(marker);
      await expect.poll(() => seen.some((c) => c.command === 'get' && c.args[0] === marker)).toBe(true);
    },
    close() {
      socket.destroy();
      redis.disconnect();
    },
  };
}

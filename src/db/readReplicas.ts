// Reads on PostgreSQL streaming standbys (DATABASE_READ_URL), writes on the
// primary, and read-your-writes: after a caller's write, that caller's reads
// stay on the primary until a standby has replayed the write.
//
// A monitor asks each standby every `checkIntervalMs` how far it has replayed
// (`pg_last_wal_replay_lsn()`), and the primary where its WAL ends; a
// standby's lag is how long ago the primary's WAL ended where the standby now
// is. A standby that lags past `maxLagMs`, or does not answer, is out of the
// rotation until it catches up. A caller's write is noted as the primary's WAL
// position once it has committed (`noteWrite`, before the answer goes out); a
// read of that caller goes to a standby only once the standby's replayed
// position is at or past it. Positions are kept per caller in the process and,
// with Redis, for every replica.
import type { Redis } from 'ioredis';
import { redisClient } from '../net/redis.js';
import { createPrisma, type PrismaClient } from './client.js';
import type { DatabaseSettings } from './settings.js';

export interface ReadReplicaSettings {
  /** Connection strings of the standbys. */
  urls: string[];
  /** A standby further behind than this is out of the rotation. */
  maxLagMs: number;
  /** How often each standby's replay position (and the primary's) is read. */
  checkIntervalMs: number;
}

export const defaultReadReplicaSettings: Omit<ReadReplicaSettings, 'urls'> = { maxLagMs: 5_000, checkIntervalMs: 250 };

/** What `noteWrite` keeps per caller: long enough for any standby within the bound to replay it. */
const WRITE_MEMORY_MS = 5 * 60_000;
const MAX_REMEMBERED_WRITERS = 100_000;

interface Standby {
  name: string;
  prisma: PrismaClient;
  /** Last replayed WAL position, as a number; -1 until first read. */
  replayed: bigint;
  lagMs: number;
  healthy: boolean;
}

export interface ReadTargetCounts {
  [target: string]: number;
}

/** A WAL position ('16/B374D848') as one comparable number. */
export const lsnValue = (lsn: string): bigint => {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
};

const rawLsn = async (prisma: PrismaClient, sql: string): Promise<bigint | null> => {
  const [row] = await prisma.$queryRawUnsafe<{ lsn: string | null }[]>(sql);
  return row?.lsn ? lsnValue(row.lsn) : null;
};

export function readReplicas(
  primary: PrismaClient,
  settings: ReadReplicaSettings,
  options: { database?: Partial<DatabaseSettings>; redisUrl?: string; onError?: (err: unknown, standby?: string) => void } = {},
) {
  const onError = options.onError ?? (() => {});
  const standbys: Standby[] = settings.urls.map((url, i) => ({
    name: `standby${i + 1}`,
    prisma: createPrisma(url, options.database).prisma,
    replayed: -1n,
    lagMs: Number.POSITIVE_INFINITY,
    healthy: false,
  }));
  const reads: ReadTargetCounts = Object.fromEntries([['primary', 0], ...standbys.map((s) => [s.name, 0])]);

  /** The primary's WAL end at each check, newest last: where a standby's position was the primary's, and when. */
  const history: { at: number; lsn: bigint }[] = [];
  const lagOf = (replayed: bigint, now: number) => {
    // The first moment the primary's WAL was past what the standby has replayed: the standby is that far behind.
    const firstAhead = history.find((h) => h.lsn > replayed);
    return firstAhead ? now - firstAhead.at : 0;
  };
  const check = async () => {
    const now = Date.now();
    try {
      const end = await rawLsn(primary, 'SELECT pg_current_wal_lsn()::text AS lsn');
      if (end !== null && (history.length === 0 || history[history.length - 1].lsn !== end)) history.push({ at: now, lsn: end });
      while (history.length > 1 && now - history[0].at > settings.maxLagMs * 4 + WRITE_MEMORY_MS) history.shift();
    } catch (err) {
      onError(err);
    }
    await Promise.all(
      standbys.map(async (standby) => {
        try {
          const replayed = await rawLsn(standby.prisma, 'SELECT pg_last_wal_replay_lsn()::text AS lsn');
          if (replayed === null) throw new Error(`${standby.name} is not a standby (pg_last_wal_replay_lsn() is null)`);
          standby.replayed = replayed;
          standby.lagMs = lagOf(replayed, Date.now());
          standby.healthy = true;
        } catch (err) {
          if (standby.healthy) onError(err, standby.name);
          standby.healthy = false;
        }
      }),
    );
  };
  let checking: Promise<void> = check();
  const timer = setInterval(() => void (checking = checking.then(check)), settings.checkIntervalMs);
  timer.unref();

  // Where each caller's last write ended, in this process (and in Redis for the other replicas).
  const writes = new Map<string, { lsn: Promise<bigint | null>; at: number }>();
  const redis: Redis | undefined = options.redisUrl
    ? redisClient(options.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined;
  redis?.on('error', () => {});
  const redisKey = (writer: string) => `quire:lastwrite:${writer}`;

  const lastWriteOf = async (writer: string): Promise<bigint | null> => {
    const local = writes.get(writer);
    const here = local && Date.now() - local.at < WRITE_MEMORY_MS ? await local.lsn : null;
    if (!redis) return here;
    try {
      const shared = await redis.get(redisKey(writer));
      const there = shared ? lsnValue(shared) : null;
      return here === null ? there : there === null || here > there ? here : there;
    } catch (err) {
      onError(err);
      // Without the shared record, the caller's own writes may be unknown: only the primary is safe.
      return lsnValue('FFFFFFFF/FFFFFFFF');
    }
  };

  let next = 0;
  return {
    /** The client for a read by `reader` (a token id; undefined: no writes to wait for): a fresh standby, or the primary. */
    async clientFor(reader: string | undefined): Promise<PrismaClient> {
      const written = reader ? await lastWriteOf(reader) : null;
      const fresh = standbys.filter((s) => s.healthy && s.lagMs <= settings.maxLagMs && (written === null || s.replayed >= written));
      const chosen = fresh.length ? fresh[next++ % fresh.length] : undefined;
      reads[chosen?.name ?? 'primary'] += 1;
      return chosen?.prisma ?? primary;
    },
    /** Notes that `writer` has just committed a write: the primary's WAL position now is at or past it. */
    async noteWrite(writer: string): Promise<void> {
      const lsn = rawLsn(primary, 'SELECT pg_current_wal_insert_lsn()::text AS lsn');
      writes.set(writer, { lsn, at: Date.now() });
      if (writes.size > MAX_REMEMBERED_WRITERS) writes.delete(writes.keys().next().value!);
      const value = await lsn;
      if (redis && value !== null) {
        const text = `${(value >> 32n).toString(16).toUpperCase()}/${(value & 0xffffffffn).toString(16).toUpperCase()}`;
        await redis.set(redisKey(writer), text, 'PX', WRITE_MEMORY_MS).catch(onError);
      }
    },
    /** Reads sent to each target since start, and each standby's state (metrics, tests). */
    state: () => ({
      reads: { ...reads },
      standbys: standbys.map(({ name, replayed, lagMs, healthy }) => ({
        name,
        replayed,
        lagMs,
        healthy,
        inRotation: healthy && lagMs <= settings.maxLagMs,
      })),
    }),
    /** Resolves after the next check of every standby (tests). */
    checked: () => (checking = checking.then(check)),
    async close() {
      clearInterval(timer);
      await checking.catch(() => {});
      redis?.disconnect();
      await Promise.all(standbys.map((s) => s.prisma.$disconnect()));
    },
  };
}

export type ReadReplicas = ReturnType<typeof readReplicas>;

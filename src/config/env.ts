// Reading environment variables: a base module, so that any layer may parse
// its own settings (src/config/settings.ts re-exports it).
export type Env = Record<string, string | undefined>;

/** The whole number `name` holds, at least `min`; `fallback` when unset. A bad value names the variable. */
export function integer(env: Env, name: string, fallback: number, min = 1): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer of at least ${min} (got "${raw}")`);
  return value;
}

// Content-coding negotiation (RFC 9110 §12.5.3): the best coding the client
// accepts among brotli, gzip and none. Equal weights prefer brotli (smaller).
export type Encoding = 'br' | 'gzip' | 'identity';

const supported: Encoding[] = ['br', 'gzip', 'identity'];

/** Weight of each coding the header names (`*` for the rest); absent header: anything goes, identity preferred. */
function weights(header: string) {
  const found = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    const weight = q === undefined ? 1 : Number(q);
    found.set(name, Number.isFinite(weight) ? Math.min(1, Math.max(0, weight)) : 0);
  }
  return found;
}

export function preferredEncoding(header: string | string[] | undefined): Encoding {
  if (header === undefined) return 'identity';
  const accepted = weights(Array.isArray(header) ? header.join(',') : header);
  const star = accepted.get('*');
  const weightOf = (coding: Encoding) => accepted.get(coding) ?? (coding === 'identity' ? (star === 0 ? 0 : 0.001) : (star ?? 0));
  let best: Encoding = 'identity';
  let bestWeight = 0;
  for (const coding of supported) {
    const weight = weightOf(coding);
    if (weight > bestWeight) [best, bestWeight] = [coding, weight];
  }
  return best;
}

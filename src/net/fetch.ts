// The one outbound HTTP helper of Quire's jobs: every fetch of a URL given by a
// client (an OpenAPI spec's source, …) goes through here. It bounds the time
// (one deadline for the whole exchange, redirects included), the size of the
// body, and the number of redirects, and it refuses to connect to addresses a
// server should not reach on a client's behalf (SSRF): loopback, private,
// link-local (cloud metadata 169.254.169.254), unique-local, CGNAT, multicast,
// unspecified and reserved ranges. The check runs on the addresses DNS answers,
// inside the socket's own lookup, so what is checked is what is connected to,
// on every redirect hop. An allow-list of CIDR ranges (configuration) lifts it.
import http from 'node:http';
import https from 'node:https';
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { SpanKind, inSpan, injectTraceContext } from '../tracing/tracing.js';

export type FetchErrorCode = 'BAD_URL' | 'DENIED' | 'TIMEOUT' | 'TOO_LARGE' | 'TOO_MANY_REDIRECTS' | 'UNREACHABLE' | 'HTTP_STATUS';

export class FetchError extends Error {
  constructor(
    readonly code: FetchErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'FetchError';
  }
}

export interface FetchPolicy {
  /** Deadline of the whole exchange, redirects included. */
  timeoutMs: number;
  /** Largest body accepted (bytes). */
  maxBytes: number;
  /** Redirects followed at most. */
  maxRedirects: number;
  /** CIDR ranges that may be reached although the guard would refuse them (e.g. 127.0.0.0/8 in tests). */
  allow: readonly string[];
}

export const defaultFetchPolicy: FetchPolicy = { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 5, allow: [] };

type Env = Record<string, string | undefined>;
const positive = (env: Env, name: string, fallback: number) => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`${name} must be a positive integer (got "${raw}")`);
  return Number(raw);
};

/** The policy from OUTBOUND_* variables (docs/configuration.md); a bad value throws naming its variable. */
export function fetchPolicyFromEnv(env: Env = process.env): FetchPolicy {
  const allow = (env.OUTBOUND_ALLOW_CIDRS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const cidr of allow) {
    if (!ipaddr.isValidCIDR(cidr)) throw new Error(`OUTBOUND_ALLOW_CIDRS: "${cidr}" is not a CIDR range (e.g. 10.0.0.0/8, ::1/128)`);
  }
  return {
    timeoutMs: positive(env, 'OUTBOUND_TIMEOUT_MS', defaultFetchPolicy.timeoutMs),
    maxBytes: positive(env, 'OUTBOUND_MAX_BYTES', defaultFetchPolicy.maxBytes),
    maxRedirects: positive(env, 'OUTBOUND_MAX_REDIRECTS', defaultFetchPolicy.maxRedirects),
    allow,
  };
}

/** Whether `address` may be connected to: public unicast, or inside the allow-list. */
export function addressAllowed(address: string, allow: readonly string[]): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address); // IPv4-mapped IPv6 (::ffff:127.0.0.1) judged as the IPv4 it is
  for (const cidr of allow) {
    const [range, bits] = ipaddr.parseCIDR(cidr);
    if (range.kind() === ip.kind() && ip.match(range, bits)) return true;
  }
  return ip.range() === 'unicast';
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** A socket lookup that resolves, then refuses the host if any of its addresses is denied. */
function guardedLookup(allow: readonly string[]) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const denied = addresses.find((a) => !addressAllowed(a.address, allow));
      if (denied) return callback(new FetchError('DENIED', `${hostname} resolves to an address outbound requests may not reach`), '');
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

export interface FetchedResponse {
  /** The URL that answered (after redirects). */
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
}

function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchError('BAD_URL', `"${raw}" is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FetchError('BAD_URL', `${url.protocol} URLs are not fetched (http and https only)`);
  return url;
}

/** What is sent: GET by default; a POST carries a body of its content type (an API such as LibreTranslate). */
export interface OutboundRequest {
  method?: 'GET' | 'POST';
  body?: string;
  contentType?: string;
}

/** One request, no redirect followed: the status, headers and (bounded) body. */
function requestOnce(url: URL, policy: FetchPolicy, signal: AbortSignal, accept: string, outbound: OutboundRequest = {}) {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && !addressAllowed(host, policy.allow)) {
    return Promise.reject(new FetchError('DENIED', `${host} is an address outbound requests may not reach`));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<{ status: number; location?: string; contentType: string; body: Buffer }>((resolve, reject) => {
    const headers: Record<string, string | number> = { accept, 'user-agent': 'Quire' };
    // W3C trace context (`traceparent`) of the active span, with tracing on (src/tracing).
    injectTraceContext(headers);
    if (outbound.body !== undefined) {
      headers['content-type'] = outbound.contentType ?? 'application/json';
      headers['content-length'] = Buffer.byteLength(outbound.body);
    }
    const req = client.request(
      url,
      { method: outbound.method ?? 'GET', signal, lookup: guardedLookup(policy.allow) as never, headers },
      (res) => {
        const status = res.statusCode ?? 0;
        const contentType = String(res.headers['content-type'] ?? '');
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({ status, location: res.headers.location, contentType, body: Buffer.alloc(0) });
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > policy.maxBytes) {
          res.destroy();
          return reject(new FetchError('TOO_LARGE', `the body (${declared} bytes) is over the limit of ${policy.maxBytes} bytes`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > policy.maxBytes) {
            res.destroy();
            reject(new FetchError('TOO_LARGE', `the body is over the limit of ${policy.maxBytes} bytes`));
          } else chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, contentType, body: Buffer.concat(chunks) }));
        res.on('error', (err) => reject(err));
      },
    );
    req.on('error', reject);
    req.end(outbound.body);
  });
}

function asFetchError(err: unknown, url: URL, deadline: AbortSignal): FetchError {
  if (err instanceof FetchError) return err;
  const cause = (err as { cause?: unknown }).cause;
  if (cause instanceof FetchError) return cause;
  if (deadline.aborted) return new FetchError('TIMEOUT', `${url.origin} did not answer within the time limit`);
  return new FetchError('UNREACHABLE', `${url.origin} could not be reached: ${(err as Error).message}`);
}

/**
 * GETs (or POSTs) `rawUrl` within `policy`, following redirects (each hop
 * checked again; a 307/308 repeats a POST, other redirects turn it into a GET).
 * Non-2xx answers are HTTP_STATUS errors. `signal` lets a caller (a job being
 * stopped) abort it early.
 */
export async function fetchOutbound(
  rawUrl: string,
  policy: FetchPolicy,
  options: { signal?: AbortSignal; accept?: string } & OutboundRequest = {},
): Promise<FetchedResponse> {
  const deadline = AbortSignal.timeout(policy.timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  let url = parseUrl(rawUrl);
  let outbound: OutboundRequest = { method: options.method, body: options.body, contentType: options.contentType };
  for (let hop = 0; ; hop++) {
    let answer: Awaited<ReturnType<typeof requestOnce>>;
    try {
      const method = outbound.method ?? 'GET';
      answer = await inSpan(
        method,
        {
          kind: SpanKind.CLIENT,
          attributes: { 'http.request.method': method, 'server.address': url.hostname, 'url.full': url.origin + url.pathname },
        },
        async (span) => {
          const answered = await requestOnce(url, policy, signal, options.accept ?? '*/*', outbound);
          span?.setAttribute('http.response.status_code', answered.status);
          return answered;
        },
      );
    } catch (err) {
      throw asFetchError(err, url, deadline);
    }
    if (answer.location !== undefined) {
      if (hop >= policy.maxRedirects) throw new FetchError('TOO_MANY_REDIRECTS', `more than ${policy.maxRedirects} redirects`);
      url = parseUrl(new URL(answer.location, url).toString());
      if (answer.status !== 307 && answer.status !== 308) outbound = {};
      continue;
    }
    if (answer.status < 200 || answer.status >= 300)
      throw new FetchError('HTTP_STATUS', `${url.origin} answered ${answer.status}`, answer.status);
    return { url: url.toString(), status: answer.status, contentType: answer.contentType, body: answer.body };
  }
}

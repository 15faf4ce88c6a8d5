// The part of autocannon's programmatic API the benchmark uses (it ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }
  interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    /** Called with each connection's client as it is made. */
    setupClient?: (client: Client) => void;
    requests?: {
      setupRequest?: (request: RawRequest, context: object) => RawRequest;
      onResponse?: (status: number, body: string, context: object) => void;
    }[];
  }
  /** One connection's client: it emits 'response' (status, bytes, ms) per answer. */
  export interface Client {
    on(event: 'response', listener: (status: number, bytes: number, ms: number) => void): unknown;
  }
  export interface Result {
    latency: Histogram;
    requests: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
  }
  interface Instance extends PromiseLike<Result> {
    stop(): void;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}

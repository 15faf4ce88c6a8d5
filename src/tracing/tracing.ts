// OpenTelemetry traces (docs/configuration.md, "Tracing"): off unless an OTLP
// endpoint is configured. Then each HTTP request is a span (continuing the
// caller's W3C `traceparent`), its GraphQL operation a child, the operation's
// SQL statements and outgoing fetches children of that, and a job sent meanwhile
// carries the trace context to the worker that runs it.
//
// Off, nothing of OpenTelemetry runs: every hook asks `activeTracer` (one
// variable) and goes its usual way. On, the active span travels in an
// AsyncLocalStorage scope (the SDK's context manager), which on Node 20 hooks
// every promise of the process: the price of tracing, paid only when it is on.
// The SDK and the exporter load only then, too.
import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  context,
  propagation,
  trace,
  type Attributes,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { Env } from '../config/env.js';

export { SpanKind };

/** The tracer while tracing is on; undefined (the default) when off. */
let activeTracer: Tracer | undefined;

export const tracingOn = () => activeTracer !== undefined;

export interface TracingSettings {
  /** Where spans are sent: an OTLP/HTTP traces URL (…/v1/traces). */
  endpoint: string;
  /** `service.name` of every span. */
  serviceName: string;
}

const offValues = new Set(['1', 'true', 'yes', 'on']);

/**
 * Tracing from the standard OpenTelemetry variables: on when OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or
 * OTEL_EXPORTER_OTLP_ENDPOINT is set (unless OTEL_SDK_DISABLED, or OTEL_TRACES_EXPORTER=none); undefined when off.
 */
export function tracingSettingsFromEnv(env: Env = process.env): TracingSettings | undefined {
  if (offValues.has(env.OTEL_SDK_DISABLED?.trim().toLowerCase() ?? '')) return undefined;
  const exporter = env.OTEL_TRACES_EXPORTER?.trim().toLowerCase();
  if (exporter === 'none') return undefined;
  if (exporter && exporter !== 'otlp') throw new Error(`OTEL_TRACES_EXPORTER must be otlp or none (got "${env.OTEL_TRACES_EXPORTER}")`);
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || (base ? `${base.replace(/\/+$/, '')}/v1/traces` : '');
  if (!endpoint) return undefined;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new Error(`OTEL_EXPORTER_OTLP_ENDPOINT: "${endpoint}" is not a URL like http://collector:4318`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`OTEL_EXPORTER_OTLP_ENDPOINT: "${endpoint}" is not an http(s) URL (OTLP over HTTP)`);
  return { endpoint: url.toString(), serviceName: env.OTEL_SERVICE_NAME?.trim() || 'quire' };
}

/**
 * Turns tracing on for this process: spans go to `exporter` (in batches; `simple`: each as it ends),
 * the W3C trace context is read from and written to headers. `stop()` flushes and turns it off.
 */
export async function startTracing({
  exporter,
  serviceName = 'quire',
  simple = false,
}: {
  exporter: SpanExporter;
  serviceName?: string;
  simple?: boolean;
}) {
  const [{ NodeTracerProvider }, { BatchSpanProcessor, SimpleSpanProcessor }, { resourceFromAttributes }, { ATTR_SERVICE_NAME }] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/semantic-conventions'),
    ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }),
    spanProcessors: [simple ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter)],
  });
  // The AsyncLocalStorage context manager and the W3C trace-context propagator, process-wide.
  provider.register();
  activeTracer = provider.getTracer('quire');
  return {
    /** Sends the spans not sent yet. */
    flush: () => provider.forceFlush(),
    async stop() {
      activeTracer = undefined;
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}

export type Tracing = Awaited<ReturnType<typeof startTracing>>;

/** Tracing to an OTLP/HTTP collector (OTEL_EXPORTER_OTLP_HEADERS and the like are read by the exporter). */
export async function startOtlpTracing(settings: TracingSettings): Promise<Tracing> {
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
  return startTracing({ exporter: new OTLPTraceExporter({ url: settings.endpoint }), serviceName: settings.serviceName });
}

function failed(span: Span, err: unknown) {
  span.recordException(err instanceof Error ? err : String(err));
  span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
}

/**
 * Runs `fn` in a span, child of the active one (or of `parent`), which ends when `fn` settles;
 * with tracing off, just runs `fn`.
 */
export async function inSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes; parent?: Context },
  fn: (span: Span | undefined) => T | Promise<T>,
): Promise<T> {
  const tracer = activeTracer;
  if (!tracer) return fn(undefined);
  const parent = options.parent ?? context.active();
  const span = tracer.startSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), () => fn(span));
  } catch (err) {
    failed(span, err);
    throw err;
  } finally {
    span.end();
  }
}

/**
 * A span around a call that may answer by callback or promise (node-postgres' `query`): ended when it settles.
 * Undefined with tracing off.
 */
export function startSpan(name: string, kind: SpanKind, attributes: Attributes) {
  const tracer = activeTracer;
  if (!tracer) return undefined;
  const span = tracer.startSpan(name, { kind, attributes });
  return {
    end(err?: unknown) {
      if (err) failed(span, err);
      span.end();
    },
  };
}

/**
 * The span of one HTTP request, continuing the caller's `traceparent`: `run` serves the request inside it,
 * `end` closes it with the answer's status and the operation (route) it matched. Undefined with tracing off.
 */
export function serverSpan(headers: Record<string, string | string[] | undefined>, method: string, attributes: Attributes) {
  const tracer = activeTracer;
  if (!tracer) return undefined;
  const parent = propagation.extract(ROOT_CONTEXT, headers);
  const span = tracer.startSpan(method, { kind: SpanKind.SERVER, attributes: { 'http.request.method': method, ...attributes } }, parent);
  const active = trace.setSpan(parent, span);
  return {
    /** The trace's id, for the access log. */
    traceId: span.spanContext().traceId,
    run: <T>(fn: () => T) => context.with(active, fn),
    end(status: number, route: string) {
      span.updateName(`${method} ${route}`);
      span.setAttributes({ 'http.response.status_code': status, 'http.route': route });
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
  };
}

/** Writes the active trace context (`traceparent`, `tracestate`) into `carrier`; nothing with tracing off. */
export function injectTraceContext(carrier: Record<string, string | number>) {
  if (activeTracer) propagation.inject(context.active(), carrier);
}

/** The trace context written by `injectTraceContext`, as a parent for `inSpan`. */
export const extractTraceContext = (carrier: Record<string, string>): Context => propagation.extract(ROOT_CONTEXT, carrier);

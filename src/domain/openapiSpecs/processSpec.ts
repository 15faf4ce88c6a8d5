// The processing job of an OpenAPI specification: fetch the source (through
// the guarded fetch helper), parse it (JSON or YAML), validate and
// dereference it with @scalar/openapi-parser (external $refs are not fetched),
// and store the result (with the source text as fetched) as a new version. Source depth and expanded size are
// bounded (limits.ts); any failure on the last attempt still ends the processing. `processingState` moves pending →
// progress → complete; a failure is recorded in `lastProcessErrorCode`
// (FETCH_TIMEOUT, FETCH_ERROR, PARSE_ERROR) and `lastProcessedErrors`.
// Transient fetch failures (timeouts, refused connections, 5xx, 429) are
// retried by the queue with backoff; the last attempt records the error.
// A job carries the spec's `generation`: a put or reprocess meanwhile makes it
// moot (the newer job does the work), so results never go back in time.
import { parse as parseYaml } from 'yaml';
import { fetchOutbound, FetchError } from '../../net/fetch.js';
import { newId } from '../../ids.js';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import type { PubSub } from '../../events.js';
import type { Clock } from '../../clock.js';
import type { FetchPolicy } from '../../net/fetch.js';
import type { OpenAPILimits } from './limits.js';

export const PROCESS_OPENAPI_SPEC = 'openapi-spec.process';
export const MAX_RECORDED_ERRORS = 50;

export interface ProcessSpecData {
  specId: string;
  generation: number;
}

type ErrorCode = 'FETCH_TIMEOUT' | 'FETCH_ERROR' | 'PARSE_ERROR';
interface Outcome {
  code: ErrorCode;
  errors: { message: string; code: string }[];
}

class ProcessingFailure extends Error {
  constructor(readonly outcome: Outcome) {
    super(outcome.errors[0]?.message ?? outcome.code);
  }
}

const transient = (err: FetchError) =>
  err.code === 'TIMEOUT' || err.code === 'UNREACHABLE' || (err.code === 'HTTP_STATUS' && (err.status! >= 500 || err.status === 429));

export type SourceFormat = 'json' | 'yaml';

/** The source's text parsed as JSON, else YAML; PARSE_ERROR when it is neither, or no object. */
export function parseSource(text: string): Record<string, unknown> {
  return parseSourceWithFormat(text).value;
}

/** parseSource, telling which of the two the text was (the raw content's `format`). */
export function parseSourceWithFormat(text: string): { value: Record<string, unknown>; format: SourceFormat } {
  let value: unknown;
  let format: SourceFormat = 'json';
  try {
    value = JSON.parse(text);
  } catch {
    format = 'yaml';
    try {
      value = parseYaml(text, { maxAliasCount: 100 });
    } catch (err) {
      throw new ProcessingFailure({
        code: 'PARSE_ERROR',
        errors: [{ code: 'UNPARSABLE', message: `The source is neither JSON nor YAML: ${(err as Error).message.split('\n')[0]}` }],
      });
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ProcessingFailure({
      code: 'PARSE_ERROR',
      errors: [{ code: 'UNPARSABLE', message: 'The source is not a JSON or YAML object' }],
    });
  }
  return { value: value as Record<string, unknown>, format };
}

const tooLarge = (message: string, code: string) => new ProcessingFailure({ code: 'PARSE_ERROR', errors: [{ code, message }] });

/** PARSE_ERROR past `maxDepth` levels of nesting (walked without recursion: the source may be thousands deep). */
export function checkDepth(value: unknown, maxDepth: number) {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > maxDepth) throw tooLarge(`The source is nested more than ${maxDepth} levels deep`, 'TOO_DEEP');
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
}

class Circular extends Error {}

/**
 * A plain JSON copy of the dereferenced document, counting its nodes as it
 * expands them: shared $ref targets are copied once per use, so a small source
 * can fan out to millions; past `limits` it stops (PARSE_ERROR). A cycle throws Circular.
 */
export function boundedCopy(value: unknown, limits: OpenAPILimits): Prisma.InputJsonValue {
  let nodes = 0;
  const path = new Set<object>();
  const copy = (v: unknown, depth: number): unknown => {
    if (++nodes > limits.maxNodes) throw tooLarge(`The dereferenced document has more than ${limits.maxNodes} values`, 'TOO_LARGE');
    if (v === null || typeof v !== 'object') return v;
    if (depth > limits.maxDepth) throw tooLarge(`The dereferenced document is nested more than ${limits.maxDepth} levels deep`, 'TOO_DEEP');
    if (path.has(v)) throw new Circular();
    path.add(v);
    try {
      if (Array.isArray(v)) return v.map((item) => (item === undefined || typeof item === 'function' ? null : copy(item, depth + 1)));
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(v)) if (item !== undefined && typeof item !== 'function') out[key] = copy(item, depth + 1);
      return out;
    } finally {
      path.delete(v);
    }
  };
  return copy(value, 1) as Prisma.InputJsonValue;
}

/** Validates and dereferences; the document to store (with $refs where they are circular). */
export async function processDocument(source: Record<string, unknown>, limits: OpenAPILimits): Promise<Prisma.InputJsonValue> {
  checkDepth(source, limits.maxDepth);
  // The parser (about 15 MB resident) loads with the first spec a process handles.
  const { validate, dereference } = await import('@scalar/openapi-parser');
  const result = await validate(source);
  if (!result.valid) {
    const errors = (result.errors ?? []).map((e) => ({
      code: e.code ?? 'INVALID',
      message: e.path ? `${e.path}: ${e.message}` : e.message,
    }));
    throw new ProcessingFailure({
      code: 'PARSE_ERROR',
      errors: errors.length ? errors : [{ code: 'INVALID', message: 'Not a valid OpenAPI document' }],
    });
  }
  const { schema } = dereference(source);
  try {
    return boundedCopy(schema ?? source, limits);
  } catch (err) {
    // A circular schema cannot be stored dereferenced: it keeps its $refs then (the source: bounded in size and depth).
    if (err instanceof Circular) return source as Prisma.InputJsonValue;
    throw err;
  }
}

/** What a failure that is not a ProcessingFailure records on the last attempt: the spec never stays in progress. */
const unexpectedFailure = (): Outcome => ({
  code: 'PARSE_ERROR',
  errors: [{ code: 'PROCESSING_FAILED', message: 'The document could not be processed' }],
});

async function fetchSource(services: SpecProcessingDeps, url: string, signal: AbortSignal, finalAttempt: boolean): Promise<string> {
  try {
    const res = await fetchOutbound(url, services.fetchPolicy, {
      signal,
      accept: 'application/json, application/yaml, text/yaml, */*;q=0.5',
    });
    return res.body.toString('utf8');
  } catch (err) {
    if (!(err instanceof FetchError)) throw err;
    if (transient(err) && !finalAttempt) throw err; // the queue retries with backoff
    throw new ProcessingFailure({
      code: err.code === 'TIMEOUT' ? 'FETCH_TIMEOUT' : 'FETCH_ERROR',
      errors: [{ code: err.code, message: err.message }],
    });
  }
}

const current = (data: ProcessSpecData) => ({ id: data.specId, generation: data.generation });

async function announce(services: SpecProcessingDeps, specId: string) {
  services.pubsub.publish('openAPISpecChanged', specId, { specId });
}

/** What processing a spec needs (src/jobs/openapiSpecs.ts passes it). */
export interface SpecProcessingDeps {
  prisma: PrismaClient;
  pubsub: PubSub;
  fetchPolicy: FetchPolicy;
  clock: Clock;
  /** Bounds of processed documents. */
  openapiLimits: OpenAPILimits;
}

/**
 * Fetches and processes one generation of a spec. A transient failure throws
 * unless `finalAttempt` (the queue retries); any other failure, or the final
 * attempt's, is recorded on the spec, which never stays in progress.
 */
export async function processSpec(
  services: SpecProcessingDeps,
  data: ProcessSpecData,
  { signal, finalAttempt }: { signal: AbortSignal; finalAttempt: boolean },
) {
  const { prisma } = services;
  const moved = await prisma.openAPISpec.updateMany({
    where: { ...current(data), processingState: { not: 'complete' } },
    data: { processingState: 'progress' },
  });
  if (moved.count === 0) return; // deleted, superseded, or done already
  await announce(services, data.specId);
  const spec = await prisma.openAPISpec.findUnique({ where: { id: data.specId } });
  if (!spec) return;
  const now = () => services.clock.now();
  try {
    const text = await fetchSource(services, spec.sourceURL, signal, finalAttempt);
    const source = parseSourceWithFormat(text);
    const document = await processDocument(source.value, services.openapiLimits);
    const versionId = newId('OpenAPISpecVersion');
    await prisma.$transaction(async (tx) => {
      const { count } = await tx.openAPISpec.updateMany({
        where: current(data),
        data: {
          processingState: 'complete',
          lastVersionId: versionId,
          lastProcessedAt: now(),
          lastProcessErrorCode: null,
          lastProcessedErrors: [],
          lastProcessedErrorCount: 0,
        },
      });
      if (count === 1)
        await tx.openAPISpecVersion.create({
          data: {
            id: versionId,
            organizationId: spec.organizationId,
            specId: spec.id,
            sourceURL: spec.sourceURL,
            document,
            // Kept as fetched for the raw content route (the fetch bounds its size); PostgreSQL text takes no NUL.
            sourceText: text.includes('\u0000') ? null : text,
            sourceFormat: source.format,
          },
        });
    });
  } catch (err) {
    if (!(err instanceof ProcessingFailure) && !finalAttempt) throw err; // the queue retries
    const { code, errors } = err instanceof ProcessingFailure ? err.outcome : unexpectedFailure();
    await prisma.openAPISpec.updateMany({
      where: current(data),
      data: {
        processingState: 'complete',
        lastProcessedAt: now(),
        lastProcessErrorCode: code,
        lastProcessedErrors: errors.slice(0, MAX_RECORDED_ERRORS),
        lastProcessedErrorCount: errors.length,
      },
    });
  }
  await announce(services, data.specId);
}

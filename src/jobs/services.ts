// What a job handler is given: the database, the event bus (status changes
// reach subscribers), the outbound fetch policy, the clock, the logger and
// the translation provider.
import type { PrismaClient } from '../generated/prisma/client.js';
import type { PubSub } from '../events.js';
import type { FetchPolicy } from '../net/fetch.js';
import type { Clock } from '../clock.js';
import type { Logger } from '../logging/logger.js';
import type { JobDefinition } from '../queue/queue.js';
import type { TranslationProvider } from '../domain/translations/providers.js';
import type { OpenAPILimits } from '../domain/openapiSpecs/limits.js';
import type { ComputePool } from '../compute/pool.js';

export interface JobServices {
  prisma: PrismaClient;
  pubsub: PubSub;
  fetchPolicy: FetchPolicy;
  clock: Clock;
  logger: Logger;
  /** Translates the texts of translation runs (LibreTranslate, or the built-in pseudo-localisation). */
  translator: TranslationProvider;
  /** Bounds of processed OpenAPI documents. */
  openapiLimits: OpenAPILimits;
  /** The process's compute pool, when it has one (the API process): page parses run there. */
  compute?: ComputePool;
}

export type QuireJob<Data> = JobDefinition<Data, JobServices>;

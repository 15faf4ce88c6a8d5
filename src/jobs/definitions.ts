// Every job Quire runs in the background, with its retry, backoff and
// timeout policy. One list: the queue declares them, the worker runs them.
import { purgeDeletedSpaces } from '../domain/spaces/service.js';
import { processOpenAPISpecJob } from '../domain/openapiSpecs/processor.js';
import { processConversationsJob } from '../domain/conversations/processor.js';
import { runTranslationJob } from '../domain/translations/runner.js';
import { indexPageReferences } from '../domain/links/backlinks.js';
import type { QuireJob } from './services.js';

export const PURGE_DELETED_SPACES = 'spaces.purge-deleted';

/** Hourly: spaces deleted more than 7 days ago are removed with their content. */
export const purgeDeletedSpacesJob: QuireJob<Record<string, never>> = {
  name: PURGE_DELETED_SPACES,
  cron: '7 * * * *',
  // At most one waiting and one running: a slow purge does not pile up copies.
  policy: { retryLimit: 2, retryDelay: 60, expireInSeconds: 20 * 60, policy: 'stately' },
  async run({ prisma, clock, logger }) {
    const purged = await purgeDeletedSpaces(prisma, clock.now());
    if (purged) logger.info({ count: purged }, 'purged deleted spaces');
  },
};

export const INDEX_PAGE_REFERENCES = 'content.index-page-references';

/** Every 10 minutes: reference keys for page versions stored before the backlink index existed (or written raw, e.g. the bench seeder). */
export const indexPageReferencesJob: QuireJob<Record<string, never>> = {
  name: INDEX_PAGE_REFERENCES,
  cron: '*/10 * * * *',
  policy: { retryLimit: 2, retryDelay: 60, expireInSeconds: 20 * 60, policy: 'stately' },
  async run({ prisma, logger }) {
    const indexed = await indexPageReferences(prisma);
    if (indexed) logger.info({ count: indexed }, 'indexed page references');
  },
};

export const jobDefinitions: readonly QuireJob<any>[] = [purgeDeletedSpacesJob, processOpenAPISpecJob, processConversationsJob, runTranslationJob, indexPageReferencesJob];

// Every job Quire runs in the background, with its retry, backoff and
// timeout policy. One list: the queue declares them, the worker runs them.
import { purgeDeletedSpaces } from '../domain/spaces/service.js';
import { processOpenAPISpecJob } from '../domain/openapiSpecs/processor.js';
import { processConversationsJob } from '../domain/conversations/processor.js';
import { runTranslationJob } from '../domain/translations/runner.js';
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

export const jobDefinitions: readonly QuireJob<any>[] = [purgeDeletedSpacesJob, processOpenAPISpecJob, processConversationsJob, runTranslationJob];

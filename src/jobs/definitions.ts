// Every job Quire runs in the background, with its retry, backoff and
// timeout policy. One list: the queue declares them, the worker runs them.
import { purgeDeletedSpaces } from '../domain/spaces/service.js';
import { processOpenAPISpecJob } from './openapiSpecs.js';
import { processConversationsJob } from './conversations.js';
import { runTranslationJob } from './translations.js';
import { indexPageReferences } from '../domain/links/backlinks.js';
import { refreshAllSearchIndexes } from '../domain/search/indexer.js';
import { FOLLOW_MAIN_LINE, followMainLines } from '../domain/revisions/index.js';
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

/**
 * Every 10 minutes: the parse (reference keys and rich-text document) of page
 * versions stored without one: before the backlink index or the stored
 * documents existed, by a merge, or written raw (e.g. the bench seeder).
 * Parsed on the compute pool where the process has one.
 */
export const indexPageReferencesJob: QuireJob<Record<string, never>> = {
  name: INDEX_PAGE_REFERENCES,
  cron: '*/10 * * * *',
  policy: { retryLimit: 2, retryDelay: 60, expireInSeconds: 20 * 60, policy: 'stately' },
  async run({ prisma, logger, compute }) {
    const indexed = await indexPageReferences(prisma, 200, undefined, compute);
    if (indexed) logger.info({ count: indexed }, 'parsed page versions');
  },
};

export const SEARCH_CATCH_UP = 'search.catch-up';

/**
 * Every 5 minutes: spaces whose search index lags their active revision are
 * caught up (the backfill of existing spaces after the index's migration, and
 * revisions moved by paths that do not sync the index). Searches catch up the
 * spaces they cover anyway: this only spares the first searcher the wait.
 */
export const searchCatchUpJob: QuireJob<Record<string, never>> = {
  name: SEARCH_CATCH_UP,
  cron: '*/5 * * * *',
  policy: { retryLimit: 2, retryDelay: 60, expireInSeconds: 30 * 60, policy: 'stately' },
  async run({ prisma, logger, compute }) {
    const synced = await refreshAllSearchIndexes(prisma, 100, compute);
    if (synced) logger.info({ count: synced }, 'caught up search indexes');
  },
};

/**
 * Sent after a merge, and every minute as a sweep: the search index and the
 * reference keys of each space whose main line moved (the MainLineOutbox rows
 * written with the move) are brought up to date outside the move's transaction.
 */
export const followMainLineJob: QuireJob<Record<string, never>> = {
  name: FOLLOW_MAIN_LINE,
  cron: '* * * * *',
  // At most one waiting and one running: a wake-up sent while one waits adds nothing.
  policy: { retryLimit: 3, retryDelay: 10, expireInSeconds: 30 * 60, policy: 'stately' },
  async run({ prisma, logger, compute }) {
    const followed = await followMainLines(prisma, 50, compute);
    if (followed) logger.info({ count: followed }, 'followed main-line moves');
  },
};

export const jobDefinitions: readonly QuireJob<any>[] = [
  purgeDeletedSpacesJob,
  searchCatchUpJob,
  processOpenAPISpecJob,
  processConversationsJob,
  runTranslationJob,
  indexPageReferencesJob,
  followMainLineJob,
];

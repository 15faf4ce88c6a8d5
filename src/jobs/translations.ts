// The job that runs a translation (sent when one is created or started); the
// work is domain/translations/runTranslation.ts.
import { RUN_TRANSLATION, runTranslation, type RunTranslationData } from '../domain/translations/runTranslation.js';
import type { QuireJob } from './services.js';

export const runTranslationJob: QuireJob<RunTranslationData> = {
  name: RUN_TRANSLATION,
  // One waiting and one running run per translation (singleton key: its id).
  policy: { retryLimit: 3, retryDelay: 10, expireInSeconds: 30 * 60, policy: 'stately' },
  async run(services, attempt) {
    await runTranslation(services, attempt.data.translationId, {
      signal: attempt.signal,
      finalAttempt: attempt.retryCount >= attempt.retryLimit,
    });
  },
};

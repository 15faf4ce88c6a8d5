// The job that fetches and processes an OpenAPI spec (sent when a spec is
// created or its source changes); the work is domain/openapiSpecs/processSpec.ts.
import { PROCESS_OPENAPI_SPEC, processSpec, type ProcessSpecData } from '../domain/openapiSpecs/processSpec.js';
import type { QuireJob } from './services.js';

export const processOpenAPISpecJob: QuireJob<ProcessSpecData> = {
  name: PROCESS_OPENAPI_SPEC,
  policy: { retryLimit: 3, retryDelay: 5, expireInSeconds: 120, policy: 'standard' },
  async run(services, attempt) {
    await processSpec(services, attempt.data, { signal: attempt.signal, finalAttempt: attempt.retryCount >= attempt.retryLimit });
  },
};

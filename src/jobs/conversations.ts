// The job that processes an organization's support conversations (sent when
// conversations are ingested); the work is domain/conversations/processConversations.ts.
import { PROCESS_CONVERSATIONS, processConversations } from '../domain/conversations/processConversations.js';
import type { QuireJob } from './services.js';

export const processConversationsJob: QuireJob<{ organizationId: string }> = {
  name: PROCESS_CONVERSATIONS,
  policy: { retryLimit: 3, retryDelay: 5, expireInSeconds: 300, policy: 'stately' },
  async run(services, { data }) {
    await processConversations(services, data.organizationId);
  },
};

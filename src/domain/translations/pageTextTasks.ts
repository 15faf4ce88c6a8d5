// The translation of a page's text on the compute pool (src/compute): a page's
// Markdown is parsed to find its texts, then parsed again to put the translated
// texts back. Both are pure functions of their input, so each runs on a worker
// thread, and a large page never holds the event loop of the process running
// the job (by default the API's).
import { pageTexts } from './pageText.js';
import type { PageContent } from '../revisions/index.js';

export const pageTextsTask = (content: PageContent) => {
  const { texts, words } = pageTexts(content);
  return { texts, words };
};

export const translatedPageTask = ({ content, translated }: { content: PageContent; translated: string[] }) =>
  pageTexts(content).rebuild(translated);

// A comment body's parse on the compute pool (src/compute): for rows stored
// before bodies were parsed at write, read once off the event loop and kept.
import { storedBody } from './body.js';

export const storedBodyTask = (markdown: string) => {
  const { document, mentions } = storedBody(markdown);
  return { document, mentions };
};

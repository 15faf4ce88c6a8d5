// `npm run worker`: prepares the process (src/processStart.ts), then loads and runs
// the job worker alone (src/jobs/work.ts). Nothing else is imported here: what this
// file imports statically is compiled before prepareProcess runs.
import { prepareProcess } from '../processStart.js';

prepareProcess();
await import('./work.js');

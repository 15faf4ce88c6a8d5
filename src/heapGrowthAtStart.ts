// Imported first by the entry points (src/main.ts, src/jobs/main.ts): it runs before the rest of the
// application's modules load. V8 fixes the old generation's next limit at each full collection; one
// made while the modules loaded, before the entry point set the growth, used V8's own (up to 4×),
// which could then hold for minutes under load (bench/README.md, "Round three, session 29").
// A bad value is left to the entry point, which names it and exits.
import { heapGrowthFromEnv, setHeapGrowth } from './heapGrowth.js';

try {
  setHeapGrowth(heapGrowthFromEnv(process.env));
} catch {
  // reported by the entry point's configuration
}

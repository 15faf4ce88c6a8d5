import { createComputePool, computeTask } from '../src/compute/pool.js';
import { defaultComputeSettings } from '../src/compute/settings.js';
const pool = createComputePool(defaultComputeSettings());
const t = computeTask<any>(import.meta.url, '../src/domain/content/markdown/tasks', 'markdownToDocumentTask');
console.log(JSON.stringify(await pool.run(t, '# hi')).slice(0, 80));
await pool.close();

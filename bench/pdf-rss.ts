// `npx tsx bench/pdf-rss.ts`: the peak resident set of the server process while it
// exports the PDF of a change request of 100 pages of 20 KB (issue #26's case:
// 1.8 GB before the compute pool). The server runs from dist/ as `npm start`
// runs it; RSS is read from /proc every 50 ms, worker threads included.
import { jsonRequest, withQuire, withSeededDatabase } from './seededQuire.js';
import type { ServerProcess } from './servers.js';

const PAGES = 100;
const PAGE_BYTES = 20_000;
const log = (msg: string) => console.error(`[bench] ${msg}`);
const mb = (bytes: number | null) => (bytes === null ? '?' : (bytes / 1024 / 1024).toFixed(0));

const page = (i: number) =>
  Array.from({ length: Math.ceil(PAGE_BYTES / 80) }, (_, n) =>
    n % 10 === 0 ? `## Section ${i}.${n}` : `Paragraph ${n} of page ${i}, with *emphasis*, \`code\` and [a link](page-${n}).`,
  )
    .join('\n\n')
    .slice(0, PAGE_BYTES);

async function call(base: string, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(base + path, jsonRequest(token, method, body));
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** Runs `work` while sampling the server's RSS; answers its result, the peak RSS and the time taken. */
async function peakDuring<T>(server: ServerProcess, work: () => Promise<T>) {
  let peak = (await server.rss()) ?? 0;
  let done = false;
  const sampler = (async () => {
    while (!done) {
      peak = Math.max(peak, (await server.rss()) ?? 0);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const started = performance.now();
  try {
    const result = await work();
    return { result, peak, ms: Math.round(performance.now() - started) };
  } finally {
    done = true;
    await sampler;
  }
}

await withSeededDatabase((database, data) =>
  withQuire(database.url, {}, async (server) => {
    const org = data.orgs[0];
    const token = org.adminTokens[0];
    const base = server.baseUrl;
    const space = await call(base, token, 'POST', `/v1/orgs/${org.id}/spaces`, { title: 'PDF' });
    const cr = await call(base, token, 'POST', `/v1/spaces/${space.body.id}/change-requests`, { subject: 'Big' });
    // 25 pages per write: 50 × 20 KB would pass the 1 MB body limit.
    for (let from = 0; from < PAGES; from += 25) {
      const changes = Array.from({ length: 25 }, (_, k) => ({
        operation: 'insert_page',
        title: `Page ${from + k}`,
        document: { markdown: page(from + k) },
      }));
      const written = await call(base, token, 'POST', `/v1/spaces/${space.body.id}/change-requests/${cr.body.id}/content`, { changes });
      if (written.status !== 200) throw new Error(`writing pages: ${written.status} ${JSON.stringify(written.body)}`);
    }
    const pdf = `/v1/spaces/${space.body.id}/change-requests/${cr.body.id}/pdf`;
    const idle = await server.rss();
    log(`idle RSS ${mb(idle)} MB; exporting`);
    const first = await peakDuring(server, () => call(base, token, 'GET', pdf));
    const again = await peakDuring(server, () => Promise.all([1, 2, 3].map(() => call(base, token, 'GET', pdf))));
    console.log(
      `\nPDF export of a change request of ${PAGES} pages × ${PAGE_BYTES / 1000} KB (server from dist/, Node ${process.version}):\n`,
    );
    console.log('| export | status | time ms | peak RSS MB (idle before) |');
    console.log('| --- | --- | --- | --- |');
    console.log(`| first (renders) | ${first.result.status} | ${first.ms} | ${mb(first.peak)} (${mb(idle)}) |`);
    console.log(
      `| three more at once (stored render) | ${again.result.map((r) => r.status).join(', ')} | ${again.ms} | ${mb(again.peak)} |`,
    );
  }),
);

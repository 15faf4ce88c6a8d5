// `npm run bench:hostile`: one tenant sends the inputs that used to freeze the
// process (issue #26), one after another, while a quiet tenant's cheap reads
// (`/healthz` and GET /v1/spaces/{id}) are timed. The report gives the quiet
// reads' p50 / p99 alone and beside the hostile tenant, and each hostile
// input's status and time: the service holds when the quiet figures stay near
// their unloaded values and no hostile input answers 5xx.
//   BENCH_DURATION=20   seconds of quiet reads, alone and beside
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus } from 'node:os';
import type { BenchDataset } from './seed.js';
import { jsonRequest as json, withQuire, withSeededDatabase } from './seededQuire.js';
import type { ServerProcess } from './servers.js';

const duration = Number(process.env.BENCH_DURATION ?? 20);
const log = (msg: string) => console.error(`[bench] ${msg}`);

interface Hostile {
  name: string;
  send(base: string): Promise<number>;
}

/** A spec whose `$ref`s fan out 16 levels: 2,150 bytes that expand past 15 MB when dereferenced naively. */
function fanOutSpec() {
  const schemas: Record<string, unknown> = { L16: { type: 'string' } };
  for (let i = 15; i >= 0; i--)
    schemas[`L${i}`] = {
      type: 'object',
      properties: { a: { $ref: `#/components/schemas/L${i + 1}` }, b: { $ref: `#/components/schemas/L${i + 1}` } },
    };
  return {
    openapi: '3.0.0',
    info: { title: 'fan-out', version: '1' },
    paths: {
      '/x': {
        get: {
          responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/L0' } } } } },
        },
      },
    },
    components: { schemas },
  };
}

/** Serves the hostile OpenAPI source on loopback (Quire is started with loopback allowed). */
async function specSource(): Promise<{ url: string; server: Server }> {
  const body = JSON.stringify(fanOutSpec());
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/spec.json`, server };
}

/** A space of the hostile tenant, made through the API (seeded spaces have no content line to branch from). */
async function hostileSpace(base: string, data: BenchDataset) {
  const org = data.orgs[0];
  const res = await fetch(`${base}/v1/orgs/${org.id}/spaces`, json(org.adminTokens[0], 'POST', { title: 'Hostile' }));
  if (res.status !== 201) throw new Error(`creating the hostile tenant's space: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

function hostileInputs(data: BenchDataset, spaceId: string, specUrl: string): Hostile[] {
  const org = data.orgs[0];
  const token = org.adminTokens[0];
  const status = async (base: string, path: string, init: RequestInit) => (await fetch(base + path, init)).status;
  const changeRequest = async (base: string) => {
    const res = await fetch(`${base}/v1/spaces/${spaceId}/change-requests`, json(token, 'POST', { subject: 'hostile' }));
    if (res.status !== 201) throw new Error(`creating a change request: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { id: string }).id;
  };
  const pageWrite = (markdown: string) => async (base: string) =>
    status(
      base,
      `/v1/spaces/${spaceId}/change-requests/${await changeRequest(base)}/content`,
      json(token, 'POST', { changes: [{ operation: 'insert_page', title: 'Hostile', document: { markdown } }] }),
    );
  const lines = (n: number, word: string) => Array.from({ length: n }, (_, i) => `${word} line ${i} ${'x'.repeat(i % 40)}`).join('\n');
  return [
    {
      name: 'anonymous 2 MiB multipart uploadFile',
      send: async (base) => {
        const form = new FormData();
        form.set(
          'operations',
          JSON.stringify({
            query: 'mutation($f: File!) { uploadFile(input: { spaceId: "x", file: $f }) { file { id } } }',
            variables: { f: null },
          }),
        );
        form.set('map', JSON.stringify({ 0: ['variables.f'] }));
        form.set('0', new Blob([Buffer.alloc(2 * 1024 * 1024, 'a')]), 'big.txt');
        return status(base, '/graphql', { method: 'POST', body: form });
      },
    },
    { name: 'page body of * x 8000', send: pageWrite('*'.repeat(8000)) },
    { name: 'page body of 100 KB of [ … ]', send: pageWrite(`${'['.repeat(50_000)}${']'.repeat(50_000)}`) },
    { name: 'page nested 1,500 block quotes', send: pageWrite(`${'> '.repeat(1500)}deep`) },
    {
      name: 'comment of 8 KB of * runs',
      send: (base) => status(base, `/v1/spaces/${spaceId}/comments`, json(token, 'POST', { body: { markdown: '*a '.repeat(2700) } })),
    },
    {
      name: 'change request diff of 2,000 rewritten lines',
      send: async (base) => {
        // A page of 2,000 lines merged into main, then a change request that rewrites every line.
        const first = await changeRequest(base);
        const path = `/v1/spaces/${spaceId}/change-requests`;
        const slug = `long-${Date.now()}`;
        await fetch(
          `${base}${path}/${first}/content`,
          json(token, 'POST', { changes: [{ operation: 'insert_page', title: slug, document: { markdown: lines(2000, 'old') } }] }),
        );
        await fetch(`${base}${path}/${first}/merge`, json(token, 'POST'));
        const page = await fetch(`${base}/v1/spaces/${spaceId}/content/path/${slug}`, json(token, 'GET'));
        const pageId = ((await page.json()) as { id?: string }).id;
        const second = await changeRequest(base);
        await fetch(
          `${base}${path}/${second}/content`,
          json(token, 'POST', { changes: [{ operation: 'update_page', page: pageId, document: { markdown: lines(2000, 'new') } }] }),
        );
        const query =
          'query($s: ID!, $n: ID!) { space(id: $s) { changeRequest(id: $n) { diff { added { id } changed { unifiedDiff } } } } }';
        return status(base, '/graphql', json(token, 'POST', { query, variables: { s: spaceId, n: second } }));
      },
    },
    { name: 'PDF export of a space', send: (base) => status(base, `/v1/spaces/${spaceId}/pdf`, json(token, 'GET')) },
    {
      name: 'OpenAPI spec with 16 levels of fanned-out $refs',
      send: (base) => status(base, `/v1/orgs/${org.id}/openapi/hostile-${Date.now()}`, json(token, 'PUT', { source: { url: specUrl } })),
    },
    {
      name: 'operationName of 5, anonymous',
      send: (base) => status(base, '/graphql', json(undefined, 'POST', { query: '{ __typename }', operationName: 5 })),
    },
  ];
}

interface Timings {
  p50: number;
  p99: number;
  max: number;
  count: number;
}

function percentiles(ms: number[]): Timings {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN).toFixed(1));
  return { p50: at(0.5), p99: at(0.99), max: at(1), count: sorted.length };
}

/** The quiet tenant: one caller alternating /healthz and GET /v1/spaces/{id} until `until`. */
async function quietReads(server: ServerProcess, data: BenchDataset, until: () => boolean) {
  const org = data.orgs[1];
  const health: number[] = [];
  const space: number[] = [];
  for (let i = 0; !until(); i++) {
    const started = performance.now();
    const res = await fetch(`${server.baseUrl}/healthz`);
    await res.arrayBuffer();
    health.push(performance.now() - started);
    const t = performance.now();
    const got = await fetch(`${server.baseUrl}/v1/spaces/${org.spaceIds[i % org.spaceIds.length]}`, json(org.adminTokens[0], 'GET'));
    await got.arrayBuffer();
    space.push(performance.now() - t);
  }
  return { health: percentiles(health), space: percentiles(space) };
}

const source = await specSource();
try {
  await withSeededDatabase((database, data) =>
    withQuire(database.url, { OUTBOUND_ALLOW_CIDRS: '127.0.0.1/32' }, async (server) => {
      const inputs = hostileInputs(data, await hostileSpace(server.baseUrl, data), source.url);
      const stopAt = (ms: number) => {
        const end = Date.now() + ms;
        return () => Date.now() > end;
      };
      await quietReads(server, data, stopAt(2000)); // warm-up
      const alone = await quietReads(server, data, stopAt(duration * 1000));
      log(`alone: healthz p50 ${alone.health.p50} ms, p99 ${alone.health.p99} ms`);
      let done = false;
      const results = new Map<string, { statuses: number[]; ms: number[] }>(inputs.map((h) => [h.name, { statuses: [], ms: [] }]));
      const hostile = (async () => {
        while (!done) {
          for (const input of inputs) {
            if (done) break;
            const started = performance.now();
            // 0: the server closed the connection (an upload refused before its body was read) or setup failed.
            const code = await input.send(server.baseUrl).catch((err: Error) => (log(`${input.name}: ${err.message}`), 0));
            results.get(input.name)!.statuses.push(code);
            results.get(input.name)!.ms.push(performance.now() - started);
          }
        }
      })();
      const beside = await quietReads(server, data, stopAt(duration * 1000));
      done = true;
      await hostile;

      console.log(
        `\nHostile inputs: ${cpus().length} CPUs, Node ${process.version}, ${duration} s of quiet reads alone and beside, database ${database.server}.`,
      );
      console.log('Quiet tenant (one caller), ms p50 / p99 / max:\n');
      console.log('| read | alone | beside the hostile tenant |');
      console.log('| --- | --- | --- |');
      const row = (t: Timings) => `${t.p50} / ${t.p99} / ${t.max} (${t.count})`;
      console.log(`| GET /healthz | ${row(alone.health)} | ${row(beside.health)} |`);
      console.log(`| GET /v1/spaces/{id} | ${row(alone.space)} | ${row(beside.space)} |`);
      console.log('\nHostile tenant, each input sent in turn while the quiet reads ran:\n');
      console.log('| input | statuses | ms p50 / max |');
      console.log('| --- | --- | --- |');
      for (const [name, r] of results) {
        const counts = [...new Set(r.statuses)].map((s) => `${s}×${r.statuses.filter((x) => x === s).length}`).join(' ');
        const t = percentiles(r.ms);
        console.log(`| ${name} | ${counts || '(not reached)'} | ${r.ms.length ? `${t.p50} / ${t.max}` : '-'} |`);
      }
    }),
  );
} finally {
  source.server.close();
}

// Bytes on the wire for the nested GraphQL query (organization → 100 spaces →
// organization, parent, grandparent), as sent plain, gzip'd and brotli'd: what
// compression saves a client (the load runs themselves ask for no encoding).
import { request } from 'node:http';
import type { BenchDataset } from './seed.js';
import { graphqlSpaces } from './scenarios.js';
import type { ServerProcess } from './servers.js';

export interface TransferReport {
  encoding: string;
  bodyBytes: number;
  /** Body plus status line and headers, as counted on the socket. */
  wireBytes: number;
  ms: number;
}

function post(baseUrl: string, path: string, token: string, body: string, encoding: string) {
  return new Promise<TransferReport>((resolve, reject) => {
    const started = performance.now();
    const req = request(
      `${baseUrl}${path}`,
      {
        method: 'POST',
        agent: false, // a connection of its own: the socket's bytesRead is this answer's alone
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Accept-Encoding': encoding },
      },
      (res) => {
        let bodyBytes = 0;
        res.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`${encoding}: HTTP ${res.statusCode}`));
          const served = res.headers['content-encoding'] ?? 'identity';
          if (served !== encoding) return reject(new Error(`asked for ${encoding}, got ${served}`));
          resolve({ encoding, bodyBytes, wireBytes: req.socket?.bytesRead ?? bodyBytes, ms: performance.now() - started });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The same request (the scenario's first) once per encoding, after one warm-up request each. */
export async function measureTransfer(server: ServerProcess, data: BenchDataset): Promise<TransferReport[]> {
  const first = graphqlSpaces((items) => items[0], data, 100);
  const body = JSON.stringify(first.body);
  const reports: TransferReport[] = [];
  for (const encoding of ['identity', 'gzip', 'br']) {
    await post(server.baseUrl, first.path, first.token, body, encoding); // warm (the first brotli stream allocates)
    reports.push(await post(server.baseUrl, first.path, first.token, body, encoding));
  }
  return reports;
}

export function transferTable(reports: TransferReport[]) {
  const plain = reports.find((r) => r.encoding === 'identity')!.bodyBytes;
  const rows = reports.map(
    (r) => `| ${r.encoding} | ${r.bodyBytes} | ${r.wireBytes} | ${((100 * r.bodyBytes) / plain).toFixed(1)} % | ${r.ms.toFixed(1)} |`,
  );
  return ['| Accept-Encoding | body bytes | bytes on the wire | of plain | ms (one request) |', '|---|---:|---:|---:|---:|', ...rows].join(
    '\n',
  );
}

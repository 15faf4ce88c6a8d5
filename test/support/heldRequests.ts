// Requests that hold their fair-share slot until told to finish, and a wait for
// a lane's state (polling state, not time): the tests of src/http/fairShare.ts.
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import type { TestApp } from './app.js';
import { graphql } from './http.js';
import type { OrgFixture } from './factories.js';

const BODY = JSON.stringify({ query: '{ viewer { id } }' });

/**
 * A GraphQL request whose body is sent in two parts: between them it holds its
 * slot (the gate takes it before the body is read). `finish` sends the rest.
 */
export function heldRequest(target: TestApp, token: string) {
  let req!: ClientRequest;
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req = httpRequest(
      `${target.baseUrl}/graphql`,
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(BODY) },
      },
      (res: IncomingMessage) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.on('error', reject);
    req.write(BODY.slice(0, 5));
  });
  return { answered, finish: () => req.end(BODY.slice(5)) };
}

/** Waits until the lane shows `active` slots in use and `waiting` callers (polling state, not time). */
export async function lane(target: TestApp, key: string, active: number, waiting = 0) {
  for (let i = 0; i < 500; i++) {
    const usage = target.quire.shareUsage(key);
    if (usage.active === active && usage.waiting === waiting) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`lane ${key}: ${JSON.stringify(target.quire.shareUsage(key))}, wanted ${active} active, ${waiting} waiting`);
}

export const tokenId = async (target: TestApp, org: OrgFixture) =>
  (await graphql(target, org.admin.token, '{ viewer { tokens(first: 1) { edges { node { id } } } } }')).data.viewer.tokens.edges[0].node
    .id as string;

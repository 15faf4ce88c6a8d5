// Property-based fuzzing of the /v1 REST API, driven by its route table: each
// route of src/rest/routes.ts (today's and tomorrow's) gets random and
// malformed path parameters, query strings, bodies, methods and headers. The
// shapes come from the GraphQL operation each route runs (its variables and
// their input types), so valid-looking requests reach deep into the handlers
// and broken ones test every refusal.
import http from 'node:http';
import fc from 'fast-check';
import pg from 'pg';
import {
  Kind,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  typeFromAST,
  type GraphQLInputType,
  type GraphQLNamedType,
  type OperationDefinitionNode,
} from 'graphql';
import { routes } from '../../src/rest/routes.js';
import { schema } from '../../src/graphql/schema.js';

// ---------------------------------------------------------------------------
// The route table, as the fuzzer sees it.

export interface RouteModel {
  method: string;
  /** The pattern, e.g. /spaces/:spaceId */
  path: string;
  params: string[];
  /** Variables of the operation that query strings or bodies fill (REST names: limit, page). */
  variables: Map<string, GraphQLInputType>;
  /** The input object type when the body fills $input. */
  input?: GraphQLInputType;
}

const restName = (name: string) => (name === 'first' ? 'limit' : name === 'after' ? 'page' : name);

export function routeModels(): RouteModel[] {
  return routes.map(([method, path, document]) => {
    const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
    const params = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
    const variables = new Map<string, GraphQLInputType>();
    let input: GraphQLInputType | undefined;
    for (const v of operation.variableDefinitions ?? []) {
      const name = v.variable.name.value;
      const type = typeFromAST(schema, v.type as never) as GraphQLInputType;
      if (name === 'input') input = type;
      else if (!params.includes(name)) variables.set(restName(name), type);
    }
    return { method, path, params, variables, input };
  });
}

// ---------------------------------------------------------------------------
// What the fuzzer knows of the database: ids that exist, tokens that work.

export interface Pools {
  /** Existing ids (and a few that do not exist) by the name of the parameter or field they fill. */
  ids: Record<
    | 'organization'
    | 'space'
    | 'collection'
    | 'user'
    | 'emailDomain'
    | 'subdomain'
    | 'site'
    | 'siteSpace'
    | 'shareLink'
    | 'siteSection'
    | 'siteSectionGroup'
    | 'team'
    | 'changeRequest'
    | 'comment'
    | 'commentReply'
    | 'page'
    | 'samlProvider'
    | 'file'
    | 'revision'
    | 'translation',
    string[]
  >;
  /** Bearer secrets: valid ones of every role, scoped, revoked and garbage. */
  tokens: string[];
}

/** Which id pool a parameter or field draws from, by its name. */
function poolOf(name: string): keyof Pools['ids'] | undefined {
  if (/^organization(Id)?$/.test(name)) return 'organization';
  if (/^space(Id)?$/.test(name)) return 'space';
  if (/^(collection(Id)?|parent)$/.test(name)) return 'collection';
  if (/^(user(Id)?|users)$/.test(name)) return 'user';
  if (name === 'emailDomain') return 'emailDomain';
  if (name === 'subdomain') return 'subdomain';
  if (/^site(Id)?$/.test(name)) return 'site';
  if (name === 'siteSpaceId') return 'siteSpace';
  if (name === 'shareLinkId') return 'shareLink';
  if (/^(siteSectionId|sectionId|sections)$/.test(name)) return 'siteSection';
  if (name === 'siteSectionGroupId') return 'siteSectionGroup';
  if (/^(teamId|teams)$/.test(name)) return 'team';
  if (name === 'changeRequestId') return 'changeRequest';
  if (name === 'commentId') return 'comment';
  if (name === 'commentReplyId') return 'commentReply';
  if (/^(page|targetPage)$/.test(name)) return 'page';
  if (name === 'authors') return 'user';
  if (name === 'samlProviderId') return 'samlProvider';
  if (name === 'fileId') return 'file';
  if (name === 'revisionId') return 'revision';
  if (name === 'translationId') return 'translation';
  if (/^(add|remove|members)$/.test(name)) return 'user';
  return undefined;
}

// ---------------------------------------------------------------------------
// Values: plausible ones and hostile ones.

/** Strings that have broken servers before: empty, huge, NUL, lone surrogates, injections, numbers in disguise. */
const nastyString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'a',
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    '🙂',
    'ñ',
    'e\u0301',
    '\u202e',
    '\ufeff',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '%',
    '%00',
    '../..',
    'null',
    'undefined',
    'true',
    '0',
    '-1',
    '1e309',
    'NaN',
    '__proto__',
    'constructor',
    'x'.repeat(51),
    'x'.repeat(256),
    'x'.repeat(70_000),
    '\n\t\r',
    '   padded   ',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

const nastyNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, 1, 50, 1000, 1001, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e300, -0, 0.5),
  fc.double(),
);

/** Any JSON-ish value, wrong for most fields. */
const junkValue = fc.oneof(
  nastyString,
  nastyNumber,
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(nastyString, { maxLength: 3 }),
  fc.dictionary(nastyString, nastyString, { maxKeys: 3 }),
);

function idFor(name: string, pools: Pools) {
  const pool = poolOf(name);
  const all = Object.values(pools.ids).flat();
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...(pool ? pools.ids[pool] : all)) },
    { weight: 1, arbitrary: fc.constantFrom(...all) },
    { weight: 1, arbitrary: nastyString },
  );
}

/** A value of the GraphQL input type (often right, sometimes wrong), for the field `name`. */
function arbitraryOf(type: GraphQLInputType, name: string, pools: Pools, depth = 0): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return arbitraryOf(type.ofType, name, pools, depth);
  const right = (() => {
    if (isListType(type)) return fc.array(arbitraryOf(type.ofType, name, pools, depth + 1), { maxLength: 3 });
    if (isEnumType(type)) return fc.constantFrom(...type.getValues().map((v) => v.value as unknown));
    if (isInputObjectType(type)) {
      if (depth > 4) return fc.constant({});
      const fields = Object.values(type.getFields());
      return fc.record(Object.fromEntries(fields.map((f) => [f.name, arbitraryOf(f.type, f.name, pools, depth + 1)])), {
        requiredKeys: [],
      });
    }
    switch ((type as GraphQLNamedType).name) {
      case 'ID':
        return idFor(name, pools);
      case 'Int':
      case 'Float':
        return nastyNumber;
      case 'Boolean':
        return fc.boolean();
      case 'DateTime':
        return fc.oneof(
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
          nastyString,
        );
      case 'JSON':
        return fc.oneof(
          fc.constantFrom({ type: 'none' }, { type: 'inherit' }, { type: 'rules', rules: [] }),
          fc.record({
            type: fc.constant('rules'),
            rules: fc.array(
              fc.record({ rule: fc.constant('require_specific_reviewers'), users: fc.array(idFor('users', pools), { maxLength: 2 }) }),
              { maxLength: 2 },
            ),
          }),
          junkValue,
        );
      default:
        // Strings that name users (a team's `add`, `remove`, `members`) draw from the user pool too.
        return poolOf(name) === 'user' ? idFor(name, pools) : nastyString;
    }
  })();
  return fc.oneof({ weight: 5, arbitrary: right }, { weight: 1, arbitrary: junkValue });
}

// ---------------------------------------------------------------------------
// Requests.

export interface FuzzRequest {
  route: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/** Percent-encodes every byte of the string's UTF-8 that is not unreserved. */
const encode = (text: string) =>
  Buffer.from(text, 'utf8').reduce(
    (out, b) =>
      out + (/[A-Za-z0-9._~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`),
    '',
  );

/** Escapes a decoder trips on: bad hex, lone %, overlong or surrogate UTF-8, raw bytes. */
const brokenEscape = fc.constantFrom(
  '%',
  '%G1',
  '%zz',
  '%FF',
  '%C0%80',
  '%C0%AF',
  '%ED%A0%80',
  '%E2%82',
  '%00',
  '%2F',
  '%2e%2e',
  '%252F',
  '..',
  '.',
);

function pathValue(name: string, pools: Pools) {
  return fc.oneof(
    { weight: 8, arbitrary: idFor(name, pools).map((v) => encode(queryValue(v))) },
    { weight: 1, arbitrary: brokenEscape },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...pools.ids.space), brokenEscape).map(([id, bad]) => `${encode(id)}${bad}`) },
  );
}

/**
 * Query values stay short: a request head past Node's limit (16 KiB) is refused
 * by Node's HTTP parser itself (a bare 431), before any handler of ours.
 */
const queryValue = (v: unknown) => (typeof v === 'object' ? (JSON.stringify(v) ?? '') : String(v)).slice(0, 1500);

function queryString(model: RouteModel, pools: Pools) {
  const known = [...model.variables].map(([name, type]) => fc.tuple(fc.constant(name), arbitraryOf(type, name, pools).map(queryValue)));
  const pair = fc.oneof(
    ...(known.length ? [{ weight: 4, arbitrary: fc.oneof(...known) }] : []),
    {
      weight: 1,
      arbitrary: fc.tuple(
        fc.constantFrom('limit', 'page', 'order', 'shareKey', 'nested', 'role', 'sort', 'search', 'title'),
        nastyString.map(queryValue),
      ),
    },
    { weight: 1, arbitrary: fc.tuple(nastyString.map(queryValue), nastyString.map(queryValue)) },
  );
  return fc
    .oneof(
      { weight: 3, arbitrary: fc.constant('') },
      {
        weight: 4,
        arbitrary: fc.array(pair, { maxLength: 4 }).map((pairs) => pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')),
      },
      {
        weight: 1,
        arbitrary: fc
          .array(fc.oneof(brokenEscape, fc.constantFrom('=', '&&', 'limit', 'limit=', '=x', 'page=%FF')), { maxLength: 5 })
          .map((parts) => parts.join('')),
      },
    )
    .map((q) => (q ? `?${q}` : ''));
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value) ?? 'null', 'utf8');

function bodyOf(model: RouteModel, pools: Pools): fc.Arbitrary<Buffer | undefined> {
  const fields = model.input ?? null;
  const structured = fields
    ? arbitraryOf(fields, 'input', pools)
    : fc.record(Object.fromEntries([...model.variables].map(([name, type]) => [name, arbitraryOf(type, name, pools)])), {
        requiredKeys: [],
      });
  const withUnknown = fc
    .tuple(structured, fc.dictionary(fc.string({ maxLength: 12 }), junkValue, { maxKeys: 2 }))
    .map(([known, extra]) => (known && typeof known === 'object' && !Array.isArray(known) ? { ...extra, ...known } : known));
  const depth = fc.integer({ min: 20, max: 100_000 });
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(undefined) },
    { weight: 8, arbitrary: structured.map(json) },
    { weight: 2, arbitrary: withUnknown.map(json) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map(json) },
    // Deep nesting, as arrays or objects.
    { weight: 1, arbitrary: depth.map((n) => Buffer.from(`${'['.repeat(n)}${']'.repeat(n)}`)) },
    { weight: 1, arbitrary: depth.map((n) => Buffer.from(`${'{"title":'.repeat(n)}1${'}'.repeat(n)}`)) },
    // Huge: near and past the 1 MiB limit.
    { weight: 1, arbitrary: fc.constantFrom(1_000, 500_000, 1_100_000).map((n) => json({ title: 'x'.repeat(n) })) },
    // Not JSON, or not UTF-8.
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map((s) => Buffer.from(s)) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...['\xff\xfe', '\xc0\x80', '\xed\xa0\x80', '\x80'])
        .map((bad) => Buffer.concat([Buffer.from('{"title":"a'), Buffer.from(bad, 'latin1'), Buffer.from('b"}')])),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '{"__proto__":{"admin":true}}',
          '{"constructor":{"prototype":{}}}',
          '{"toString":"x","hasOwnProperty":1}',
          '{"title":"a","title":"b"}',
          '[]',
          'null',
          '"text"',
          '1e400',
          '{"title":"\\u0000"}',
          '{"title":"\\ud800"}',
        )
        .map((s) => Buffer.from(s)),
    },
  );
}

const headerValue = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 60 });

function headersOf(pools: Pools) {
  const token = fc.constantFrom(...pools.tokens);
  const authorization = fc.oneof(
    { weight: 12, arbitrary: token.map((t) => `Bearer ${t}`) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: token.map((t) => `bearer   ${t}  `) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'Token abc', `Bearer qt_${'x'.repeat(4000)}`, 'Bearer a b'),
    },
    { weight: 1, arbitrary: headerValue.map((v) => `Bearer ${v}`) },
  );
  const contentType = fc.option(
    fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/json; charset=utf-16',
      'multipart/form-data; boundary=x',
      'application/x-www-form-urlencoded',
      '*/*',
      ';;;',
    ),
    { nil: undefined },
  );
  const extra = fc.dictionary(fc.stringMatching(/^x-fuzz-[a-z0-9-]{1,12}$/), headerValue, { maxKeys: 2 });
  const accept = fc.option(fc.constantFrom('application/json', 'text/html', '*/*', 'application/xml', ''), { nil: undefined });
  return fc.record({ authorization, contentType, accept, extra }).map(({ authorization, contentType, accept, extra }) => {
    const headers: Record<string, string> = { ...extra };
    if (authorization !== undefined) headers.Authorization = authorization;
    if (contentType !== undefined) headers['Content-Type'] = contentType;
    if (accept !== undefined) headers.Accept = accept;
    return headers;
  });
}

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

function requestFor(model: RouteModel, pools: Pools): fc.Arbitrary<FuzzRequest> {
  const path = fc.tuple(...model.params.map((name) => pathValue(name, pools))).map((values) => {
    let i = 0;
    return `/v1${model.path.replace(/:\w+/g, () => values[i++])}`;
  });
  const pathVariant = fc.oneof(
    { weight: 12, arbitrary: path },
    { weight: 1, arbitrary: path.map((p) => `${p}/`) },
    { weight: 1, arbitrary: path.map((p) => `${p}/extra`) },
    { weight: 1, arbitrary: path.map((p) => p.replace('/v1/', '/v1//')) },
  );
  return fc
    .record({
      method: fc.oneof({ weight: 8, arbitrary: fc.constant(model.method) }, { weight: 1, arbitrary: fc.constantFrom(...methods) }),
      path: pathVariant,
      query: queryString(model, pools),
      headers: headersOf(pools),
      body: bodyOf(model, pools),
    })
    .map(({ method, path, query, headers, body }) => ({
      route: `${model.method} ${model.path}`,
      method,
      path: `${path}${query}`,
      headers,
      body,
    }));
}

/** One request to one route of the table, every route alike. */
export function fuzzRequest(models: RouteModel[], pools: Pools): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(...models.map((m) => requestFor(m, pools)));
}

// ---------------------------------------------------------------------------
// Sending, and what every answer must be.

export interface FuzzAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export function send(baseUrl: string, req: FuzzRequest, agent: http.Agent): Promise<FuzzAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const headers = { ...req.headers, ...(req.body ? { 'Content-Length': String(req.body.length) } : {}) };
    const call = http.request(
      { host: url.hostname, port: url.port, method: req.method, path: req.path, headers, agent, timeout: 20_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    call.on('timeout', () => call.destroy(new Error('no answer within 20 s')));
    call.on('error', reject);
    call.end(req.body);
  });
}

/** What is wrong with an answer, or undefined: 2xx or 4xx only, errors in the documented shape, success bodies JSON or empty. */
export function problemWith(req: FuzzRequest, res: FuzzAnswer): string | undefined {
  const { status } = res;
  if (status >= 500) return `server error ${status}`;
  if (!(status >= 200 && status < 300) && !(status >= 400 && status < 500)) return `status ${status} is neither 2xx nor 4xx`;
  if (req.method === 'HEAD') return res.text === '' ? undefined : 'HEAD answered with a body';
  const isJson = /^application\/json\b/.test(String(res.headers['content-type'] ?? ''));
  if (status >= 400) {
    if (!isJson) return `error without a JSON content type (${res.headers['content-type']})`;
    let body: unknown;
    try {
      body = JSON.parse(res.text);
    } catch {
      return 'error body is not JSON';
    }
    const error = (body as { error?: Record<string, unknown> })?.error;
    const shaped =
      body &&
      typeof body === 'object' &&
      Object.keys(body).length === 1 &&
      error &&
      typeof error === 'object' &&
      Object.keys(error).sort().join() === 'code,message' &&
      error.code === status &&
      typeof error.message === 'string' &&
      error.message !== '';
    return shaped ? undefined : 'error body is not {"error":{"code":<status>,"message":string}}';
  }
  if (res.text === '') return undefined;
  if (status === 204 || status === 205) return `${status} with a body`;
  if (!isJson) return `2xx body without a JSON content type (${res.headers['content-type']})`;
  try {
    JSON.parse(res.text);
  } catch {
    return '2xx body is not JSON';
  }
  return undefined;
}

/** Short enough to read in a failure report. */
export function describeExchange(req: FuzzRequest, res?: FuzzAnswer) {
  const body = req.body
    ? req.body.length > 300
      ? `${req.body.subarray(0, 300).toString('latin1')}… (${req.body.length} bytes)`
      : req.body.toString('latin1')
    : '(none)';
  const path = req.path.length > 300 ? `${req.path.slice(0, 300)}…` : req.path;
  const answer = res ? `\n→ ${res.status} ${res.text.slice(0, 500)}` : '';
  return `${req.method} ${path} [route ${req.route}]\nheaders: ${JSON.stringify(req.headers).slice(0, 400)}\nbody: ${body}${answer}`;
}

// ---------------------------------------------------------------------------
// The database, as one digest per table.

/** Bookkeeping that authentication itself writes (activity to the minute, rate-limit counters): not data a request changes. */
const activityColumns = ['lastSeenAt', 'lastUsedAt'];
const bookkeepingTables = new Set(['RateLimit']);

export async function databaseDigester(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  const tables = rows.map((r) => r.table_name).filter((t) => !bookkeepingTables.has(t));
  const sql = tables
    .map(
      (t) => `SELECT '${t}' AS t, count(*)::int AS n, md5(coalesce(string_agg(r, '|' ORDER BY r), '')) AS d
      FROM (SELECT (to_jsonb(x) - $1::text[])::text AS r FROM "${t}" x) s`,
    )
    .join(' UNION ALL ');
  return {
    tables,
    /** table → "rows:md5" */
    async digest(): Promise<Map<string, string>> {
      const result = await client.query<{ t: string; n: number; d: string }>(sql, [activityColumns]);
      return new Map(result.rows.map((r) => [r.t, `${r.n}:${r.d}`]));
    },
    close: () => client.end(),
  };
}

/** Tables whose digest differs. */
export function changedTables(before: Map<string, string>, after: Map<string, string>) {
  return [...before.keys()].filter((t) => before.get(t) !== after.get(t));
}

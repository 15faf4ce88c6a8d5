// Two linters nobody here wrote, against the live document (GET /v1/openapi.json):
// Redocly (`recommended` rules) and Spectral (the `oas` ruleset). No errors; the
// warnings are pinned (a new one fails the test: fix it, or pin it with a reason).
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Document, Spectral } from '@stoplight/spectral-core';
import parsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';

const app = useTestApp();

/** Redocly's warnings by rule, and why they stay: none. */
const redoclyWarnings: Record<string, number> = {};

/** Spectral's warnings and hints by rule (severity 1: warn, 2: info, 3: hint), and why they stay. */
const spectralFindings: Record<string, number> = {
  // Quire is self-hosted: whom to contact is the operator's, not the document's.
  'info-contact': 1,
  // Operations whose GraphQL field has no description beyond the summary (the public document's own wording is not copied).
  'operation-description': 2,
};

let source: string;
beforeAll(async () => {
  const res = await fetch(`${app.baseUrl}/v1/openapi.json`);
  expect(res.status).toBe(200);
  source = await res.text();
});

const countBy = <T>(items: T[], key: (item: T) => string) =>
  items.reduce<Record<string, number>>((counts, item) => ({ ...counts, [key(item)]: (counts[key(item)] ?? 0) + 1 }), {});

describe('the live OpenAPI document', () => {
  it('passes Redocly (recommended): no error, only the pinned warnings', async () => {
    const problems = await lintFromString({
      source,
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    const listed = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`);
    expect(
      problems.filter((p) => p.severity === 'error'),
      listed.join('\n'),
    ).toEqual([]);
    const pinned = Object.fromEntries(Object.entries(redoclyWarnings).filter(([, count]) => count > 0));
    expect(
      countBy(problems, (p) => p.ruleId),
      listed.join('\n'),
    ).toEqual(pinned);
  }, 60_000);

  it('passes Spectral (oas): no error, only the pinned warnings', async () => {
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as never, 'recommended']] });
    const results = await spectral.run(new Document(source, parsers.Json, 'openapi.json'));
    const listed = results.map((r) => `${r.severity} ${r.code}: ${r.message} at ${r.path.join('.')}`);
    expect(
      results.filter((r) => r.severity === 0),
      listed.join('\n'),
    ).toEqual([]);
    expect(
      countBy(results, (r) => String(r.code)),
      listed.join('\n'),
    ).toEqual(spectralFindings);
    // The tags are declared with descriptions, and every operation's tag is one of them.
    const document = JSON.parse(source) as {
      tags: { name: string; description: string }[];
      paths: Record<string, Record<string, { tags: string[] }>>;
    };
    const declared = new Set(document.tags.map((t) => t.name));
    expect(document.tags.every((t) => t.description.length > 10)).toBe(true);
    const used = Object.values(document.paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags));
    expect(used.filter((tag) => !declared.has(tag))).toEqual([]);
    expect(declared).toEqual(new Set(used));
    expect(declared.has('Other')).toBe(false);
  }, 60_000);
});

// GraphiQL and the server-rendered pages in a real browser (Debian's headless
// Chromium through playwright-core): they render, the editor's workers start,
// and no request leaves the machine. Skipped, saying so, where Chromium is not
// installed (`apt-get install -y chromium`).
import { existsSync, mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.js';
import { createOrg } from '../support/factories.js';

const executablePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find(existsSync);
if (!executablePath) console.warn('browser.test.ts skipped: no Chromium (apt-get install -y chromium)');

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  if (!executablePath) return;
  app = await startTestApp();
  browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** Opens `path`, recording every request that leaves the test server and every console error. */
async function open(path: string) {
  const page = await browser.newPage();
  const outside: string[] = [];
  const errors: string[] = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(app.baseUrl) || url.startsWith('blob:') || url.startsWith('data:')) return route.continue();
    outside.push(url);
    return route.abort();
  });
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(`${app.baseUrl}${path}`, { waitUntil: 'load', timeout: 120_000 });
  return { page, outside, errors };
}

async function screenshot(page: Page, name: string) {
  mkdirSync('.quire/screenshots', { recursive: true });
  const image = await page.screenshot({ path: `.quire/screenshots/${name}.png` });
  expect(image.length).toBeGreaterThan(5_000);
}

describe.skipIf(!executablePath)('in headless Chromium', () => {
  it('GraphiQL renders from /assets with the query of its URL, its origin answers a query with a token, and nothing leaves the machine', async () => {
    const org = await createOrg(app);
    const query = '{ viewer { email } }';
    const { page, outside, errors } = await open(`/graphql?query=${encodeURIComponent(query)}`);
    await page.waitForSelector('.graphiql-container', { timeout: 120_000 });
    // The editors (Monaco, with its workers from /assets) show the query of the URL.
    await page.waitForFunction((text) => document.body.textContent.includes(text), 'viewer', { timeout: 120_000 });
    // Run it with the token in the headers editor's place: GraphiQL's fetcher sends the page's default headers.
    const answer = await page.evaluate(async (token) => {
      const res = await fetch('/graphql', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: '{ viewer { email } }' }),
      });
      return res.json();
    }, org.admin.token);
    expect(answer).toEqual({ data: { viewer: { email: org.admin.email } } });
    await screenshot(page, 'graphiql');
    expect(outside).toEqual([]);
    expect(errors.filter((e) => /Content Security Policy|Refused/i.test(e))).toEqual([]);
    await page.close();
  }, 180_000);

  it('the front door renders, and nothing leaves the machine', async () => {
    const { page, outside, errors } = await open('/');
    expect(await page.textContent('h1')).toContain('Quire');
    expect(await page.getAttribute('a[href$="/graphql"]', 'href')).toBeTruthy();
    await screenshot(page, 'front-door');
    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});

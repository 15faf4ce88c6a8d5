// The /docs reference page in headless Chromium (Debian's package, driven by
// playwright-core): it renders Quire's OpenAPI document, every request it
// makes stays on Quire's origin, and the page's security policy refuses nothing.
// A screenshot goes to .quire/docs-page.png. Without Chromium the test is
// skipped on a developer's machine and fails in CI (.ci/run installs it).
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { rawGet as rawGetOf, request } from '../support/http.js';

const chromiumPath = ['/usr/bin/chromium', '/usr/bin/chromium-browser', process.env.CHROMIUM_PATH].find((p) => p && existsSync(p));
const required = !!process.env.CI;

describe('GET /docs', () => {
  const app = useTestApp();
  const rawGet = (path: string, headers: Record<string, string> = {}) => rawGetOf(app, path, headers);

  it('serves the page and its bundle as separate assets, without a token', async () => {
    const page = await request(app, 'GET', '/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const bundlePath = /<script src="([^"]+)"><\/script>/.exec(page.body)?.[1];
    expect(bundlePath).toMatch(/^\/assets\/scalar-api-reference\.[\w-]+\.js$/);
    expect(page.body.length).toBeLessThan(4096);
    const bundle = await request(app, 'GET', bundlePath!);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toMatch(/javascript/);
    expect(bundle.body.length).toBeGreaterThan(1_000_000);
  });

  it('serves the bundle precompressed once, cached for a year, revalidated by ETag', async () => {
    const page = await rawGet('/docs');
    const bundlePath = /<script src="([^"]+)"><\/script>/.exec(page.bytes.toString('utf8'))![1];
    const first = await rawGet(bundlePath, { 'Accept-Encoding': 'br, gzip' });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(first.bytes).length).toBeGreaterThan(3_000_000);
    // The compressed bytes are kept: the next answer sends them again.
    const second = await rawGet(bundlePath, { 'Accept-Encoding': 'br' });
    expect(second.bytes.equals(first.bytes)).toBe(true);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const revalidated = await rawGet(bundlePath, { 'If-None-Match': etag, 'Accept-Encoding': 'br' });
    expect(revalidated.status).toBe(304);
    expect(revalidated.bytes.length).toBe(0);
    expect((await rawGet(`${bundlePath.slice(0, -3)}x.js`)).status).toBe(404);
  }, 60_000);

  it('tags the page and the document: 304 on If-None-Match, revalidated on each use', async () => {
    for (const path of ['/docs', '/v1/openapi.json']) {
      const first = await rawGet(path, { 'Accept-Encoding': 'gzip' });
      expect(first.status).toBe(200);
      expect(first.headers['cache-control']).toBe('public, no-cache');
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await rawGet(path, { 'If-None-Match': etag });
      expect(again.status).toBe(304);
      expect(again.bytes.length).toBe(0);
      expect((await rawGet(path, { 'If-None-Match': '"other"' })).status).toBe(200);
    }
    expect((await rawGet('/docs')).headers['content-security-policy']).toMatch(/script-src 'self'/);
  });

  it.skipIf(!chromiumPath && !required)(
    'renders the document in headless Chromium with no request leaving the machine',
    async () => {
      expect(chromiumPath, 'Chromium is not installed (apt-get install -y chromium)').toBeDefined();
      const origin = new URL(app.baseUrl).origin;
      let browser: Browser | undefined;
      try {
        browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
        const page = await browser.newPage();
        const requested: string[] = [];
        const refusals: string[] = [];
        // Anything not for Quire is recorded and aborted: no request leaves the machine.
        await page.route('**/*', (route) => {
          const url = route.request().url();
          requested.push(url);
          return url.startsWith(`${origin}/`) || url.startsWith('data:') || url.startsWith('blob:') ? route.continue() : route.abort();
        });
        page.on('console', (message) => {
          if (/Content Security Policy|Refused to/i.test(message.text())) refusals.push(message.text());
        });
        page.on('pageerror', (error) => refusals.push(`page error: ${error.message}`));
        // Scalar needs seconds of CPU to digest the document (far more on a loaded machine): generous waits.
        await page.goto(`${app.baseUrl}/docs`, { waitUntil: 'networkidle', timeout: 120_000 });
        // Scalar has rendered the document: its title and an operation of the route table.
        await page.getByText('Quire REST API').first().waitFor({ timeout: 150_000 });
        await page.getByText('List organizations').first().waitFor({ timeout: 150_000 });
        mkdirSync('.quire', { recursive: true });
        await page.screenshot({ path: '.quire/docs-page.png', fullPage: false });
        expect(statSync('.quire/docs-page.png').size).toBeGreaterThan(10_000);
        expect(requested.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:') && !url.startsWith('blob:'))).toEqual(
          [],
        );
        expect(requested).toContain(`${origin}/v1/openapi.json`);
        expect(refusals).toEqual([]);
      } finally {
        await browser?.close();
      }
    },
    240_000,
  );
});

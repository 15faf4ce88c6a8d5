// The /docs reference page in headless Chromium (Debian's package, driven by
// playwright-core): it renders Quire's OpenAPI document, every request it
// makes stays on Quire's origin, and the page's security policy refuses nothing.
// A screenshot goes to .quire/docs-page.png. Without Chromium the test is
// skipped on a developer's machine and fails in CI (.ci/run installs it).
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { request } from '../support/http.js';

const chromiumPath = ['/usr/bin/chromium', '/usr/bin/chromium-browser', process.env.CHROMIUM_PATH].find((p) => p && existsSync(p));
const required = !!process.env.CI;

describe('GET /docs', () => {
  const app = useTestApp();

  it('serves the page and its bundle as separate assets, without a token', async () => {
    const page = await request(app, 'GET', '/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const bundlePath = /<script src="([^"]+)"><\/script>/.exec(page.body)?.[1];
    expect(bundlePath).toMatch(/^\/docs\/assets\//);
    expect(page.body.length).toBeLessThan(4096);
    const bundle = await request(app, 'GET', bundlePath!);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toMatch(/javascript/);
    expect(bundle.body.length).toBeGreaterThan(1_000_000);
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

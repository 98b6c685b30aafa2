import fs from 'node:fs';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildApp } from '../../api/app';
import { startApiHarness, type ApiHarness } from '../support/apiHarness';
import { testConfig } from '../support/config';
import { tokenFor } from '../support/identity';

/**
 * The reference page in a real browser (Debian's chromium driven by playwright-core), as an integrator opens it
 * (issue 24, item 2): on http://127.0.0.1:<port>, not on the configured PUBLIC_BASE_URL's default localhost:3000.
 * "Test Request" on GET /api/v1/me, a token pasted into the preselected bearer scheme, "Send": 200 from the page's
 * own origin. Scalar's services that are not svc-hr's are off, and the favicon answers. With PUBLIC_BASE_URL naming
 * http://localhost:<port>, the same page opened on http://127.0.0.1:<port> sends to localhost: a cross-origin call
 * that CORS lets through (api/cors.ts), preflight included.
 */
const chromiumPath = process.env.SVC_HR_TEST_CHROMIUM ?? '/usr/bin/chromium';
let h: ApiHarness;
let base: string;
let browser: Browser;
let page: Page;
const consoleErrors: string[] = [];

beforeAll(async () => {
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(
      `chromium is missing at ${chromiumPath}: apt-get install -y --no-install-recommends chromium (.ci/run does)`,
    );
  }
  h = await startApiHarness();
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
});
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

it('sends GET /api/v1/me from "Test Request" with a pasted token, to the origin the page was opened on', async () => {
  const token = await tokenFor(h.db.prisma, 'alice');
  await page.goto(`${base}/api/v1/reference#tag/identity/GET/api/v1/me`);
  // The example on the page already names the page's origin.
  await page.getByText(`curl ${base}/api/v1/me`).first().waitFor();
  await page
    .getByRole('button', { name: /Test Request/ })
    .first()
    .click();
  // The bearer scheme is chosen already: paste the token into it.
  await page.getByText('Selected Auth Type: bearerAuth').first().waitFor();
  await page.getByPlaceholder('Token').first().fill(token);
  const answered = page.waitForResponse((res) => res.url() === `${base}/api/v1/me`);
  await page.locator('button', { hasText: 'Send get request to' }).first().click();
  const res = await answered;
  expect(res.status()).toBe(200);
  expect(res.request().headers().authorization).toBe(`Bearer ${token}`);
  expect((await res.json()).data.user.email).toBe('alice@acme.test');
  await page.getByText('200', { exact: false }).first().waitFor();
});

it('shows none of the vendor buttons that do not apply, and the favicon answers', async () => {
  await page.goto(`${base}/api/v1/reference`);
  await page.getByText('Introduction').first().waitFor();
  const buttons = (await page.locator('button, a').allInnerTexts()).map((text) => text.trim());
  for (const vendor of ['Generate SDK', 'Ask AI', 'Configure', 'Share']) {
    expect(buttons.filter((text) => text.includes(vendor))).toEqual([]);
  }
  expect(buttons.filter((text) => /^Deploy/.test(text))).toEqual([]);
  for (const icon of ['/favicon.ico', '/favicon.svg']) {
    const res = await fetch(`${base}${icon}`);
    expect({ status: res.status, type: res.headers.get('content-type') }).toEqual({
      status: 200,
      type: 'image/svg+xml',
    });
  }
  expect(consoleErrors).toEqual([]);
});

/** A free loopback port, so that PUBLIC_BASE_URL can name the port the server then listens on. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('with PUBLIC_BASE_URL on another origin than the page', () => {
  let app: FastifyInstance;
  let pageOrigin: string;
  let apiOrigin: string;
  const served: string[] = [];
  beforeAll(async () => {
    const port = await freePort();
    pageOrigin = `http://127.0.0.1:${port}`;
    apiOrigin = `http://localhost:${port}`;
    app = await buildApp({
      config: testConfig({ PUBLIC_BASE_URL: apiOrigin }),
      prisma: h.db.prisma,
      readinessChecks: [],
      logger: false,
    });
    // What the server answered, preflights included (the page's request events do not show them).
    app.addHook('onResponse', async (request, reply) => {
      served.push(`${request.method} ${request.url} ${String(request.headers.origin)} ${reply.statusCode}`);
    });
    await app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(() => app?.close());

  it('"Test Request" on GET /api/v1/me sends to PUBLIC_BASE_URL cross-origin, preflight answered, and gets 200', async () => {
    const token = await tokenFor(h.db.prisma, 'bob');
    const crossPage = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const errors: string[] = [];
    crossPage.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    try {
      await crossPage.goto(`${pageOrigin}/api/v1/reference#tag/identity/GET/api/v1/me`);
      // The document names PUBLIC_BASE_URL, not the page's origin.
      await crossPage.getByText(`curl ${apiOrigin}/api/v1/me`).first().waitFor();
      await crossPage
        .getByRole('button', { name: /Test Request/ })
        .first()
        .click();
      await crossPage.getByText('Selected Auth Type: bearerAuth').first().waitFor();
      await crossPage.getByPlaceholder('Token').first().fill(token);
      const answered = crossPage.waitForResponse(
        (res) => res.url() === `${apiOrigin}/api/v1/me` && res.request().method() === 'GET',
      );
      await crossPage.locator('button', { hasText: 'Send get request to' }).first().click();
      const res = await answered;
      expect(res.status()).toBe(200);
      const sent = await res.request().allHeaders();
      expect(sent.authorization).toBe(`Bearer ${token}`);
      expect(sent.origin).toBe(pageOrigin);
      expect(res.headers()['access-control-allow-origin']).toBe(pageOrigin);
      expect((await res.json()).data.user.email).toBe('bob@acme.test');
      // The Authorization header makes the call non-simple: the browser asked first.
      expect(served).toContain(`OPTIONS /api/v1/me ${pageOrigin} 204`);
      expect(served).toContain(`GET /api/v1/me ${pageOrigin} 200`);
      await crossPage.getByText('200', { exact: false }).first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await crossPage.close();
    }
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { tokenFor, type DemoKey } from '../support/identity';
import { spawnSvcHr, waitUntilReady, type SvcHrProcess } from '../support/svcHrProcess';
import { testTemporalAddress, uniqueTaskQueue } from '../support/temporalServer';

/**
 * The example app in a real browser (Debian's chromium driven by playwright-core) against a real `svc-hr start`
 * process (on this run's PostgreSQL and Temporal dev server): a person books leave through the React panel, and
 * the page only ever holds a delegated credential. Screenshots of each state go to test-results/screenshots/.
 * Needs `npm run build` (the CLI and the example app) and chromium (`apt-get install chromium`; .ci/run does it).
 */
const chromiumPath = process.env.SVC_HR_TEST_CHROMIUM ?? '/usr/bin/chromium';
const screenshots = path.resolve(__dirname, '../../test-results/screenshots');
const message = 'Book annual leave next Monday';

let db: TestDatabase;
let proc: SvcHrProcess | undefined;
let context: BrowserContext | undefined;
let userDataDir: string;
/** Every response the browser received: its URL, headers and body. */
const responses: Array<{ url: string; status: number; headers: string; body: string }> = [];
/** The Authorization headers the page sent. */
const authorizations = new Set<string>();

beforeAll(async () => {
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(
      `chromium is missing at ${chromiumPath}: apt-get install -y --no-install-recommends chromium (.ci/run does)`,
    );
  }
  fs.mkdirSync(screenshots, { recursive: true });
  db = await createTestDatabase();
  proc = await spawnSvcHr('start', {
    DATABASE_URL: db.url,
    TEMPORAL_ADDRESS: testTemporalAddress(),
    TEMPORAL_TASK_QUEUE: uniqueTaskQueue('panel'),
    SVC_HR_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'svc-hr-panel-data-')),
    SVC_HR_RATE_LIMIT_PER_MINUTE: '100000',
    SVC_HR_WORKER_HEARTBEAT_SECONDS: '1',
  });
  await waitUntilReady(proc);
  userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-hr-chromium-'));
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: true,
    viewport: { width: 900, height: 900 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  context.on('request', (request) => {
    const auth = request.headers().authorization;
    if (auth) authorizations.add(auth);
  });
  context.on('response', async (response) => {
    let body: string;
    try {
      // An event stream's body is read only once it ends; a cut one has none to show.
      body = (await response.body()).toString('utf8');
    } catch {
      body = '';
    }
    responses.push({
      url: response.url(),
      status: response.status(),
      headers: JSON.stringify(response.headers()),
      body,
    });
  });
});

afterAll(async () => {
  await context?.close();
  proc?.killGroup('SIGTERM');
  await proc?.exited;
  await db?.drop();
  if (userDataDir) fs.rmSync(userDataDir, { recursive: true, force: true });
});

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(screenshots, `agent-panel-${name}.png`), fullPage: true });
}

async function open(who: string): Promise<Page> {
  const page = await context!.newPage();
  await page.goto(`${proc!.baseUrl}/example/?user=${encodeURIComponent(who)}`);
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  return page;
}

async function sendMessage(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

/** The approval card: its system, operation and arguments as the page shows them. */
async function approvalCard(page: Page) {
  const card = page.getByRole('article', { name: 'Approval needed' });
  await card.waitFor();
  return {
    card,
    system: await card.locator('[data-field="system"]').innerText(),
    operation: await card.locator('[data-field="operation"]').innerText(),
    startDate: await card
      .getByRole('row', { name: /start_date/ })
      .getByRole('cell')
      .innerText(),
  };
}

async function api<T>(who: DemoKey, url: string): Promise<T> {
  const res = await fetch(`${proc!.baseUrl}${url}`, {
    headers: { authorization: `Bearer ${await tokenFor(db.prisma, who)}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

describe('the agent panel in a browser', () => {
  it('books leave: the approval card shows system, operation and arguments; approving shows the reply', async () => {
    const page = await open('alice@acme.test');
    await page.getByRole('region', { name: 'HR assistant' }).waitFor();
    await shot(page, '1-empty');
    await sendMessage(page, message);
    const { card, system, operation, startDate } = await approvalCard(page);
    expect(system).toBe('svc-hr');
    expect(operation).toBe('create_leave_request');
    expect(startDate).toMatch(/^\d{4}-\d\d-\d\d$/);
    // Focus moves to the card, so a keyboard user lands on it.
    expect(await page.evaluate<string>('document.activeElement?.textContent')).toBe('Approval needed');
    await shot(page, '2-approval');
    await card.getByRole('button', { name: 'Approve' }).click();
    const reply = page.getByRole('log', { name: 'Conversation' }).getByText(/I've requested Annual leave/);
    await reply.waitFor();
    await shot(page, '3-approved-reply');
    expect(await page.getByRole('article', { name: 'Approval needed' }).count()).toBe(0);

    const { requests } = await api<{ requests: Array<{ start_date: string; status: string }> }>(
      'alice',
      `/api/v1/leave/requests?from=${startDate}&to=${startDate}`,
    );
    expect(requests.filter((r) => r.start_date === startDate && r.status === 'PENDING')).toHaveLength(1);
    await page.close();
  });

  it('restores the pending approval after a reload, and rejecting books nothing', async () => {
    const page = await open('bob@acme.test');
    await sendMessage(page, message);
    const before = await approvalCard(page);
    await page.reload();
    const after = await approvalCard(page);
    expect(after).toMatchObject({ system: 'svc-hr', operation: 'create_leave_request', startDate: before.startDate });
    await shot(page, '4-restored-after-reload');
    await after.card.getByRole('button', { name: 'Reject' }).click();
    await page.getByText(/Nothing was done/).waitFor();
    await shot(page, '5-rejected');
    const { requests } = await api<{ requests: Array<{ start_date: string }> }>(
      'bob',
      `/api/v1/leave/requests?from=${before.startDate}&to=${before.startDate}`,
    );
    expect(requests.filter((r) => r.start_date === before.startDate)).toHaveLength(0);
    await page.close();
  });

  it('cancels a run waiting for approval', async () => {
    const page = await open('carol@acme.test');
    await sendMessage(page, message);
    await approvalCard(page);
    await page.getByRole('button', { name: 'Cancel run' }).click();
    await page.getByText('The last run was cancelled').waitFor();
    await shot(page, '6-cancelled');
    expect(await page.getByRole('article', { name: 'Approval needed' }).count()).toBe(0);
    const threadId = await page.evaluate<string>("localStorage.getItem('svc-hr-example:thread:carol@acme.test')");
    const thread = await api<{ runs: Array<{ status: string }> }>('carol', `/api/v1/agent/threads/${threadId}`);
    expect(thread.runs.map((r) => r.status)).toEqual(['cancelled']);
    await page.close();
  });

  it('answers a question the agent asks', async () => {
    const page = await open('manager@acme.test');
    await sendMessage(page, 'book some leave');
    const prompt = page.getByRole('form', { name: 'Answer the assistant' });
    await prompt.waitFor();
    await shot(page, '7-question');
    await prompt.getByRole('textbox').fill('next Tuesday');
    await prompt.getByRole('button', { name: 'Answer' }).click();
    const { operation } = await approvalCard(page);
    expect(operation).toBe('create_leave_request');
    await page.close();
  });

  it('shows a clear error when the delegated credential stops working', async () => {
    const page = await open('bob@acme.test');
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    const bob = await db.prisma.user.findFirstOrThrow({ where: { email: 'bob@acme.test' } });
    await db.prisma.credential.updateMany({
      where: { userId: bob.id, kind: 'delegated_credential' },
      data: { revokedAt: new Date() },
    });
    await sendMessage(page, message);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/revoked[\s\S]*unauthorized/);
    await shot(page, '8-error');
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.close();
  });

  it('never shows the browser the integration credential: only delegated credentials', async () => {
    const integration = await db.prisma.credential.findMany({ where: { kind: 'integration_credential' } });
    // The example backend minted one and exchanged it for the pages' delegated credentials.
    expect(integration.map((c) => c.name)).toEqual(['example app backend']);
    const delegated = await db.prisma.credential.findMany({ where: { kind: 'delegated_credential' } });
    expect(delegated.length).toBeGreaterThanOrEqual(5);
    expect(delegated.every((c) => c.parentId === integration[0]!.id)).toBe(true);

    expect(responses.length).toBeGreaterThan(20);
    expect(responses.some((r) => r.body.includes('hrd_'))).toBe(true);
    const leaks = responses.filter(
      (r) => r.body.includes('hri_') || r.headers.includes('hri_') || r.body.includes(integration[0]!.hint),
    );
    expect(leaks.map((r) => r.url)).toEqual([]);
    expect(authorizations.size).toBeGreaterThan(0);
    for (const auth of authorizations) expect(auth).toMatch(/^Bearer hrd_/);

    const page = await open('alice@acme.test');
    // Everything the page holds: its document and both storages.
    const inPage = await page.evaluate<string>(
      'document.documentElement.outerHTML + JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage })',
    );
    expect(inPage).toContain('hrd_');
    expect(inPage).not.toContain('hri_');
    await page.close();
  });
});

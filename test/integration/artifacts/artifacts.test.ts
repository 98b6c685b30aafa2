import { rm } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { startAgentKit, startConversation, type AgentKit } from '../agent/agentKit';
import { testBlobDir } from '../../support/blobs';
import { bearer, tokenFor } from '../../support/identity';

/**
 * Artifacts as a user gets them: hr@acme.test asks the agent (real worker, real agentRun workflow, built-in model)
 * to run the untaken-leave report; the run delivers it as CSV and XLSX (and a summary), listed and downloaded
 * through the API, and read back with real parsers of each format.
 */
let kit: AgentKit;
const blobDir = testBlobDir();
let runId: string;
let threadId: string;

interface Artifact {
  id: string;
  runId: string;
  threadId: string;
  kind: string;
  filename: string;
  contentType: string;
  size: number;
  sha256: string;
  createdAt: string;
}
interface ReportRow {
  employee: string;
  department: string;
  manager: string;
  allocated_days: number;
  used_days: number;
  untaken_days: number;
}

beforeAll(async () => {
  kit = await startAgentKit({ env: { SVC_HR_BLOB_DIR: blobDir } });
  ({ runId, threadId } = await startConversation(kit, 'hr', 'run the untaken leave report'));
  await kit.waitForRun('hr', runId, 'completes', (run) => run.status === 'completed');
});
afterAll(async () => {
  await kit?.close();
  await rm(blobDir, { recursive: true, force: true });
});

const artifactsOf = async (query: string) =>
  (await kit.call('hr', 'GET', `/api/v1/agent/artifacts?${query}`)).json<{
    data: { artifacts: Artifact[]; nextCursor?: string };
  }>().data;

async function artifact(contentType: string): Promise<Artifact> {
  const { artifacts } = await artifactsOf(`runId=${runId}`);
  const found = artifacts.find((a) => a.contentType === contentType);
  if (!found) throw new Error(`no ${contentType} artifact in ${JSON.stringify(artifacts)}`);
  return found;
}

const downloadUrl = (a: Artifact) => `/api/v1/agent/runs/${a.runId}/artifacts/${a.id}/download`;

async function report(): Promise<{ year: number; employees: ReportRow[]; totals: { employees: number } }> {
  return (await kit.call('hr', 'GET', '/api/v1/reports/untaken-leave')).json().data;
}

describe('the untaken-leave report delivered as artifacts', () => {
  it('lists the CSV, the XLSX and a summary as artifacts of the run', async () => {
    const { artifacts } = await artifactsOf(`runId=${runId}`);
    const year = (await report()).year;
    expect(artifacts.map((a) => [a.kind, a.filename, a.contentType]).sort()).toEqual(
      [
        ['summary', 'summary.md', 'text/markdown'],
        ['untaken_leave_report', `untaken-leave-${year}.csv`, 'text/csv'],
        [
          'untaken_leave_report',
          `untaken-leave-${year}.xlsx`,
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        ],
      ].sort(),
    );
    for (const a of artifacts) {
      expect(a).toMatchObject({ runId, threadId, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
      const meta = await kit.call('hr', 'GET', `/api/v1/agent/runs/${runId}/artifacts/${a.id}`);
      expect(meta.statusCode).toBe(200);
      expect(meta.json().data.artifact).toEqual(a);
    }
  });

  it('opens as CSV with one row per employee of the report, in its order', async () => {
    const csv = await artifact('text/csv');
    const res = await kit.call('hr', 'GET', downloadUrl(csv));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${csv.filename}"; filename*=UTF-8''${csv.filename}`,
    );
    expect(res.headers.etag).toBe(`"${csv.sha256}"`);
    expect(Number(res.headers['content-length'])).toBe(csv.size);
    const rows = parse(res.rawPayload, { columns: true, cast: true }) as ReportRow[];
    const expected = await report();
    expect(expected.employees.length).toBeGreaterThan(10);
    expect(rows).toEqual(expected.employees);
  });

  it('opens as XLSX with the same rows and a totals row', async () => {
    const xlsx = await artifact('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const res = await kit.call('hr', 'GET', downloadUrl(xlsx));
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const expected = await report();
    const sheet = workbook.getWorksheet(`Untaken leave ${expected.year}`)!;
    const values = sheet.getSheetValues().slice(1) as unknown[][];
    const cells = values.map((row) => row.slice(1));
    expect(cells[0]).toEqual(['employee', 'department', 'manager', 'allocated_days', 'used_days', 'untaken_days']);
    const header = cells[0] as (keyof ReportRow)[];
    const rows = cells
      .slice(1, -1)
      .map((row) => Object.fromEntries(header.map((key, i) => [key, row[i] ?? ''])) as unknown as ReportRow);
    expect(rows).toEqual(expected.employees);
    expect(cells[cells.length - 1]?.[0]).toBe('Total');
  });

  it('tells the model about the files, and the reply names them', async () => {
    const thread = (await kit.call('hr', 'GET', `/api/v1/agent/threads/${threadId}`)).json().data;
    const messages = thread.messages as { role: string; text?: string; data?: { result?: { artifacts?: unknown } } }[];
    const tool = messages.find((m) => m.role === 'tool');
    const { artifacts } = await artifactsOf(`runId=${runId}`);
    const files = artifacts.filter((a) => a.kind === 'untaken_leave_report');
    expect(tool?.data?.result?.artifacts).toEqual(
      expect.arrayContaining(files.map((a) => ({ id: a.id, filename: a.filename, contentType: a.contentType }))),
    );
    const reply = messages.filter((m) => m.role === 'assistant').pop()?.text ?? '';
    for (const a of files) expect(reply).toContain(a.id);
    const summary = await artifact('text/markdown');
    const text = (await kit.call('hr', 'GET', downloadUrl(summary))).body;
    expect(text).toBe(`# Run summary\n\n${reply}\n`);
  });

  it('answers 304 to If-None-Match with the current ETag', async () => {
    const csv = await artifact('text/csv');
    const res = await kit.call('hr', 'GET', downloadUrl(csv), undefined, { 'if-none-match': `"${csv.sha256}"` });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe('');
    expect(res.headers.etag).toBe(`"${csv.sha256}"`);
    const stale = await kit.call('hr', 'GET', downloadUrl(csv), undefined, { 'if-none-match': '"other"' });
    expect(stale.statusCode).toBe(200);
  });

  it('serves one byte range with 206, and answers 416 past the end', async () => {
    const csv = await artifact('text/csv');
    const whole = (await kit.call('hr', 'GET', downloadUrl(csv))).rawPayload;
    const part = await kit.call('hr', 'GET', downloadUrl(csv), undefined, { range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${csv.size}`);
    expect(part.rawPayload.equals(whole.subarray(10, 20))).toBe(true);
    const suffix = await kit.call('hr', 'GET', downloadUrl(csv), undefined, { range: 'bytes=-5' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(whole.subarray(whole.length - 5))).toBe(true);
    const open = await kit.call('hr', 'GET', downloadUrl(csv), undefined, { range: `bytes=${csv.size - 3}-` });
    expect(open.rawPayload.equals(whole.subarray(whole.length - 3))).toBe(true);
    // If-Range with another ETag: the whole file, not the range.
    const changed = await kit.call('hr', 'GET', downloadUrl(csv), undefined, {
      range: 'bytes=0-9',
      'if-range': '"old"',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(whole)).toBe(true);
    const past = await kit.call('hr', 'GET', downloadUrl(csv), undefined, { range: `bytes=${csv.size}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${csv.size}`);
    expect(past.json().error.code).toBe('range_not_satisfiable');
  });

  it("answers 404 for another user's artifact, and lists none of them", async () => {
    const csv = await artifact('text/csv');
    for (const url of [downloadUrl(csv), `/api/v1/agent/runs/${runId}/artifacts/${csv.id}`]) {
      const res = await kit.call('alice', 'GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    // A run is its user's alone, whatever the role: alice lists nothing of hr's run either.
    const listed = await kit.call('alice', 'GET', `/api/v1/agent/artifacts?runId=${runId}`);
    expect(listed.json().data.artifacts).toEqual([]);
    // The artifact id under another run of the same user is not found either.
    const wrongRun = await kit.call('hr', 'GET', `/api/v1/agent/runs/${threadId}/artifacts/${csv.id}`);
    expect(wrongRun.statusCode).toBe(404);
  });

  it('filters by media type, thread and creation time, and pages with a cursor', async () => {
    expect((await artifactsOf(`contentType=text/csv&runId=${runId}`)).artifacts).toHaveLength(1);
    expect((await artifactsOf(`threadId=${threadId}`)).artifacts).toHaveLength(3);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await artifactsOf(`createdFrom=${future}`)).artifacts).toEqual([]);
    expect((await artifactsOf(`createdTo=${future}&runId=${runId}`)).artifacts).toHaveLength(3);
    const first = await artifactsOf(`runId=${runId}&limit=2`);
    expect(first.artifacts).toHaveLength(2);
    const second = await artifactsOf(`runId=${runId}&limit=2&cursor=${first.nextCursor}`);
    expect(second.artifacts).toHaveLength(1);
    expect(second.nextCursor).toBeUndefined();
    const ids = [...first.artifacts, ...second.artifacts].map((a) => a.id);
    expect(new Set(ids).size).toBe(3);
    const bad = await kit.call('hr', 'GET', '/api/v1/agent/artifacts?createdFrom=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/createdFrom/);
  });

  it('needs the agent:artifacts scope', async () => {
    const token = await tokenFor(kit.db.prisma, 'hr', ['agent:read'], { name: 'no-artifacts' });
    const res = await kit.app.inject({ method: 'GET', url: '/api/v1/agent/artifacts', headers: bearer(token) });
    expect(res.statusCode).toBe(403);
  });
});

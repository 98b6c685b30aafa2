import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { exportAuditTrail, type ExportScope } from '../../../engines/audit/export';
import type { ExportHeaderLine, ExportRecordLine } from '../../../engines/audit/exportFormat';
import { ExportVerificationError, verifyExport } from '../../../scripts/verifyAuditExport';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { appendSamples, testSigningKey, userA } from './auditKit';

const run = promisify(execFile);
const script = path.resolve(__dirname, '../../../scripts/verifyAuditExport.js');

let db: TestDatabase;
let dir: string;
let keyFile: string;
const key = testSigningKey();

beforeAll(async () => {
  db = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-hr-audit-export-'));
  keyFile = path.join(dir, 'audit-ed25519.pub.pem');
  fs.writeFileSync(keyFile, key.publicKeyPem);
});

afterAll(async () => {
  await db.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function exportText(scope: ExportScope): Promise<string> {
  let text = '';
  for await (const chunk of await exportAuditTrail(db.prisma, key, scope)) text += chunk;
  return text;
}

/** Runs the offline verifier as an auditor would: a separate node process, the file and the public key. */
async function verifyOffline(text: string | Buffer, publicKeyFile = keyFile) {
  const file = path.join(dir, `${randomUUID()}.ndjson`);
  fs.writeFileSync(file, text);
  try {
    const { stdout } = await run(process.execPath, [script, file, publicKeyFile]);
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, output: failed.stderr };
  }
}

const linesOf = (text: string) =>
  text
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('exporting the audit trail', () => {
  it('writes a header with the key and a fresh checkpoint, every record with its proof, and an end line', async () => {
    const tenantId = randomUUID();
    await appendSamples(db.prisma, tenantId, 9);
    const lines = linesOf(await exportText({ tenantId }));
    const header = lines[0] as unknown as ExportHeaderLine;
    expect(header).toMatchObject({
      type: 'header',
      format: 'svc-hr-audit-export/v1',
      scope: 'tenant',
      userId: null,
      publicKey: { algorithm: 'Ed25519', keyId: key.keyId, publicKeyPem: key.publicKeyPem },
      checkpoint: { tenantId, treeSize: 9, keyId: key.keyId },
    });
    const records = lines.slice(1, -1) as unknown as ExportRecordLine[];
    expect(records.map((r) => r.record.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(records[4]!.proof).toMatchObject({ leafIndex: 4, treeSize: 9 });
    expect(lines[lines.length - 1]).toEqual({ type: 'end', records: 9 });
    expect(await db.prisma.auditCheckpoint.count({ where: { tenantId } })).toBe(1);
  });

  it('verifies offline with only the file and the public key', async () => {
    const tenantId = randomUUID();
    await appendSamples(db.prisma, tenantId, 12);
    const result = await verifyOffline(await exportText({ tenantId }));
    expect(result).toEqual({ code: 0, output: expect.stringMatching(/^OK: 12 records of tenant .* 12 records/) });
  });

  it('fails offline, naming the line, when one byte of a record was changed', async () => {
    const tenantId = randomUUID();
    await appendSamples(db.prisma, tenantId, 5);
    const text = await exportText({ tenantId });
    const tampered = text.replace('"operation":"send_agent_message"', '"operation":"send_agent_massage"');
    expect(tampered).not.toBe(text);
    expect(await verifyOffline(tampered)).toEqual({
      code: 1,
      output: expect.stringMatching(/FAILED: .* line 3: record 2 was altered/),
    });
  });

  it('fails offline when a record line was removed, or the file was cut short', async () => {
    const tenantId = randomUUID();
    await appendSamples(db.prisma, tenantId, 5);
    const lines = (await exportText({ tenantId })).split('\n');
    const withoutRecord = [...lines.slice(0, 3), ...lines.slice(4)].join('\n');
    expect(await verifyOffline(withoutRecord)).toMatchObject({
      code: 1,
      output: expect.stringMatching(/record 3 is missing/),
    });
    const cut = lines.slice(0, 4).join('\n') + '\n';
    expect(await verifyOffline(cut)).toMatchObject({ code: 1, output: expect.stringMatching(/no end line/) });
  });

  it('fails offline against another public key', async () => {
    const tenantId = randomUUID();
    await appendSamples(db.prisma, tenantId, 2);
    const otherKeyFile = path.join(dir, 'other.pem');
    fs.writeFileSync(otherKeyFile, testSigningKey().publicKeyPem);
    expect(await verifyOffline(await exportText({ tenantId }), otherKeyFile)).toMatchObject({
      code: 1,
      output: expect.stringMatching(/not the given key/),
    });
  });

  it('rejects any single changed byte of an export', async () => {
    const tenantId = randomUUID();
    await appendSamples(db.prisma, tenantId, 4);
    const original = Buffer.from(await exportText({ tenantId }), 'utf8');
    await expect(verifyExport([original], key.publicKeyPem)).resolves.toMatchObject({ records: 4 });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: original.length - 1 }),
        fc.integer({ min: 1, max: 255 }),
        async (at, delta) => {
          const changed = Buffer.from(original);
          changed[at] = (changed[at]! + delta) % 256;
          await expect(verifyExport([changed], key.publicKeyPem)).rejects.toBeInstanceOf(ExportVerificationError);
        },
      ),
      { numRuns: 1500 },
    );
  });

  it("exports only a user's own records when scoped to them, still verifiable offline", async () => {
    const tenantId = randomUUID();
    await appendSamples(db.prisma, tenantId, 10);
    const text = await exportText({ tenantId, userId: userA });
    const lines = linesOf(text);
    const records = lines.slice(1, -1) as unknown as ExportRecordLine[];
    expect(lines[0]).toMatchObject({ scope: 'user', userId: userA, checkpoint: { treeSize: 10 } });
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((r) => r.record.userId === userA)).toBe(true);
    expect(await verifyOffline(text)).toMatchObject({
      code: 0,
      output: expect.stringMatching(/OK: \d+ of the user's records/),
    });
  });

  it('exports and verifies an empty trail', async () => {
    const result = await verifyOffline(await exportText({ tenantId: randomUUID() }));
    expect(result).toMatchObject({ code: 0, output: expect.stringMatching(/^OK: 0 records/) });
  });

  it('refuses to export a damaged trail before it streams anything', async () => {
    const tenantId = randomUUID();
    await appendSamples(db.prisma, tenantId, 4);
    await db.prisma.auditRecord.deleteMany({ where: { tenantId, seq: 2n } });
    await expect(exportAuditTrail(db.prisma, key, { tenantId })).rejects.toMatchObject({
      code: 'internal_error',
      message: expect.stringMatching(/damaged \(.*record 2 is missing\)/),
    });
  });
});

import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { benchDatabase } from './support';
import { verifyAuditTrail } from '../engines/audit/verify';
import { loadAuditSigningKey } from '../engines/audit/signingKey';
import { readRecordBatches } from '../engines/audit/chainReader';
import { viewOfRow, recordHash } from '../engines/audit/recordHash';

async function main() {
  const db = await benchDatabase('audit_scratch');
  try {
    const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const key = loadAuditSigningKey({ pem, dataDir: '/nonexistent' });
    const tenantId = randomUUID();
    // reuse bench builder via dynamic import hack: copy minimal
    const mod = await import('./auditVerifyInternals');
    const chain = mod.buildChain(tenantId, 100000, key);
    await mod.store(db.prisma, chain);
    const t = async (label: string, f: () => Promise<unknown>) => { const s = process.hrtime.bigint(); await f(); const sec = Number(process.hrtime.bigint() - s)/1e9; console.log(label, (100000/sec).toFixed(0), 'rec/s'); };
    for (let i = 0; i < 2; i++) {
      await t('findMany', async () => { for await (const b of readRecordBatches(db.prisma, tenantId)) void b; });
      await t('queryRaw', async () => {
        let after = 0n;
        for (;;) {
          const rows = await db.prisma.$queryRaw<any[]>`SELECT id, tenant_id, seq, occurred_at, user_id, credential_id, credential_kind, surface, operation, arguments, outcome, error_code, request_id, run_id, prev_hash, hash FROM audit_records WHERE tenant_id = ${tenantId}::uuid AND seq > ${after} ORDER BY seq LIMIT 5000`;
          if (rows.length === 0) break; after = rows[rows.length-1].seq;
        }
      });
      await t('queryRaw text json', async () => {
        let after = 0n;
        for (;;) {
          const rows = await db.prisma.$queryRaw<any[]>`SELECT id::text, tenant_id::text, seq, occurred_at, user_id::text, credential_id::text, credential_kind, surface, operation, arguments::text AS arguments, outcome, error_code, request_id, run_id, prev_hash, hash FROM audit_records WHERE tenant_id = ${tenantId}::uuid AND seq > ${after} ORDER BY seq LIMIT 5000`;
          if (rows.length === 0) break; after = rows[rows.length-1].seq;
        }
      });
      const views = chain.records;
      await t('hash only', async () => { for (const r of views) recordHash(r); });
      await t('verify', () => verifyAuditTrail(db.prisma, [key.publicKey], tenantId));
    }
  } finally { await db.drop(); }
}
main().catch((e) => { console.error(e); process.exit(1); });

import { createHash, randomUUID } from 'node:crypto';
import { canonicalJson } from '../engines/audit/canonicalJson';
import { recordHash, hashedFields } from '../engines/audit/recordHash';
const recs = Array.from({ length: 100000 }, (_, seq) => ({
  id: randomUUID(), tenantId: randomUUID(), seq, occurredAt: new Date().toISOString(), userId: randomUUID(), credentialId: randomUUID(),
  credentialKind: 'personal_access_token', surface: 'rest', operation: 'create_leave_request',
  arguments: { params: {}, query: { limit: 50 }, body: { start_date: '2026-03-02', days: seq % 10, reason: 'Family' } },
  outcome: 'success', errorCode: null, requestId: randomUUID(), runId: null, prevHash: 'a'.repeat(64), hash: 'x',
}));
const sorted = [...hashedFields].sort();
const prefixes = sorted.map((k, i) => `${i === 0 ? '{' : ','}${JSON.stringify(k)}:`);
function fast(r: any) {
  let s = '';
  for (let i = 0; i < sorted.length; i++) s += prefixes[i] + canonicalJson(r[sorted[i]!]);
  return createHash('sha256').update(s + '}', 'utf8').digest('hex');
}
function t(label: string, f: () => void) { const s = process.hrtime.bigint(); f(); const sec = Number(process.hrtime.bigint() - s)/1e9; console.log(label, (100000/sec).toFixed(0)); }
for (let i = 0; i < 3; i++) {
  t('current', () => { for (const r of recs) recordHash(r); });
  t('fast', () => { for (const r of recs) fast(r); });
  t('canon only', () => { for (const r of recs) canonicalJson(r as any); });
  t('sha only', () => { for (const r of recs) createHash('sha256').update(r.prevHash + r.id + r.tenantId + r.operation + r.requestId + r.userId + r.credentialId + r.prevHash + r.prevHash + r.prevHash + r.prevHash, 'utf8').digest('hex'); });
  t('stringify', () => { for (const r of recs) JSON.stringify(r); });
}
console.log(recs.every((r) => fast(r) === recordHash(r)));

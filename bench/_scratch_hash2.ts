import { createHash, randomUUID } from 'node:crypto';
import { canonicalJson } from '../engines/audit/canonicalJson';
import { hashedFields } from '../engines/audit/recordHash';
const recs = Array.from({ length: 100000 }, (_, seq) => ({
  id: randomUUID(), tenantId: randomUUID(), seq, occurredAt: new Date().toISOString(), userId: randomUUID(), credentialId: randomUUID(),
  credentialKind: 'personal_access_token', surface: 'rest', operation: 'create_leave_request',
  arguments: { params: {}, query: { limit: 50 }, body: { start_date: '2026-03-02', days: seq % 10, reason: 'Family' } },
  outcome: 'success', errorCode: null, requestId: randomUUID(), runId: null, prevHash: 'a'.repeat(64), hash: 'x',
}));
const plain = /^[^"\\\u0000-\u001f\ud800-\udfff]*$/;
function canon2(value: any): string {
  switch (typeof value) {
    case 'string': return plain.test(value) ? '"' + value + '"' : JSON.stringify(value);
    case 'number': return JSON.stringify(value);
    case 'boolean': return value ? 'true' : 'false';
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) { let t = '['; for (let i = 0; i < value.length; i++) t += (i ? ',' : '') + canon2(value[i]); return t + ']'; }
      const keys = Object.keys(value); if (keys.length > 1) keys.sort();
      let t = '{'; for (let i = 0; i < keys.length; i++) { const k = keys[i]!; t += (i ? ',' : '') + (plain.test(k) ? '"' + k + '"' : JSON.stringify(k)) + ':' + canon2(value[k]); }
      return t + '}';
    }
  }
  throw new Error();
}
const sorted = [...hashedFields].sort();
const prefixes = sorted.map((k, i) => `${i === 0 ? '{' : ','}${JSON.stringify(k)}:`);
function fast(r: any, c: (v: any) => string) {
  let s = '';
  for (let i = 0; i < sorted.length; i++) s += prefixes[i] + c(r[sorted[i]!]);
  return createHash('sha256').update(s + '}', 'utf8').digest('hex');
}
function t(label: string, f: () => void) { let best = 0; for (let k = 0; k < 5; k++) { const s = process.hrtime.bigint(); f(); const sec = Number(process.hrtime.bigint() - s)/1e9; best = Math.max(best, 100000/sec); } console.log(label, best.toFixed(0)); }
t('canon', () => { for (const r of recs) canonicalJson(r as any); });
t('canon2', () => { for (const r of recs) canon2(r); });
t('fast+canon', () => { for (const r of recs) fast(r, canonicalJson as any); });
t('fast+canon2', () => { for (const r of recs) fast(r, canon2); });
t('stringify', () => { for (const r of recs) JSON.stringify(r); });
t('sha of stringify', () => { for (const r of recs) createHash('sha256').update(JSON.stringify(r)).digest('hex'); });
console.log(recs.every((r) => canon2(r) === canonicalJson(r as any)));

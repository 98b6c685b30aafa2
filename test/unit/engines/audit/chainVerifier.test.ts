import { ChainVerifier, type StoredCheckpoint } from '../../../../engines/audit/chainVerifier';
import { GENESIS_HASH, recordHash, type AuditRecordView } from '../../../../engines/audit/recordHash';
import { keyIdOf } from '../../../../engines/audit/signingKey';
import { buildChain, checkpointOf, newKeyPair, rechain } from './chainFixture';

const { privateKey, publicKey } = newKeyPair();
const keys = new Map([[keyIdOf(publicKey), publicKey]]);

function verify(
  records: readonly AuditRecordView[],
  checkpoints: readonly StoredCheckpoint[],
  head: { seq: number; hash: string } | null = tail(records),
) {
  const verifier = new ChainVerifier(checkpoints, keys);
  for (const record of records) if (!verifier.push(record)) break;
  return verifier.finish(head);
}

function tail(records: readonly AuditRecordView[]) {
  const last = records[records.length - 1];
  return last ? { seq: last.seq, hash: last.hash } : null;
}

describe('the record hash', () => {
  it('matches the worked example of docs/audit.md', () => {
    const record = {
      id: '0196f3a0-7c2e-7d10-8a4b-1f2e3d4c5b6a',
      tenantId: '0196f3a0-0000-7000-8000-000000000001',
      seq: 1,
      occurredAt: '2026-11-23T09:30:00.123Z',
      userId: '0196f3a0-0000-7000-8000-0000000000aa',
      credentialId: '0196f3a0-0000-7000-8000-0000000000bb',
      credentialKind: 'personal_access_token',
      surface: 'rest',
      operation: 'create_leave_request',
      arguments: { body: { start_date: '2026-12-21', days: 3, reason: 'Winter break' }, params: {}, query: {} },
      outcome: 'success',
      errorCode: null,
      requestId: '0196f3a0-0000-7000-8000-0000000000cc',
      runId: null,
      prevHash: GENESIS_HASH,
    };
    expect(recordHash(record)).toBe('89d46952c0209815b823654f5b7381542bca1bf386f99ab587aeee72d0145db5');
    // The hash covers the hashed fields only: a view carrying its own hash hashes the same.
    expect(recordHash({ ...record, hash: 'x' } as AuditRecordView)).toBe(recordHash(record));
  });
});

describe('verifying a chain', () => {
  const chain = buildChain(10);
  const checkpoints = [checkpointOf(chain, 4, privateKey, publicKey), checkpointOf(chain, 10, privateKey, publicKey)];

  it('accepts an intact chain with its checkpoints', () => {
    expect(verify(chain, checkpoints)).toEqual({ ok: true, records: 10, checkpoints: 2 });
  });

  it('accepts an empty trail, with or without a checkpoint of size 0', () => {
    expect(verify([], [], null)).toEqual({ ok: true, records: 0, checkpoints: 0 });
    expect(verify([], [checkpointOf([], 0, privateKey, publicKey)], null)).toEqual({
      ok: true,
      records: 0,
      checkpoints: 1,
    });
  });

  const edited = (seq: number, change: Partial<AuditRecordView>) =>
    chain.map((r) => (r.seq === seq ? { ...r, ...change } : r));
  const without = (seq: number) => chain.filter((r) => r.seq !== seq);

  it.each<[string, () => AuditRecordView[], { seq: number; reason: string }]>([
    ['an edited operation', () => edited(6, { operation: 'get_me' }), { seq: 6, reason: 'hash_mismatch' }],
    ['edited arguments', () => edited(3, { arguments: { n: 4 } }), { seq: 3, reason: 'hash_mismatch' }],
    ['an edited outcome', () => edited(10, { outcome: 'failure' }), { seq: 10, reason: 'hash_mismatch' }],
    [
      'an edited time',
      () => edited(1, { occurredAt: '2026-11-23T09:00:01.001Z' }),
      { seq: 1, reason: 'hash_mismatch' },
    ],
    [
      'arguments no longer JSON (1e400 read back as Infinity)',
      () => edited(2, { arguments: { n: Infinity } }),
      { seq: 2, reason: 'hash_mismatch' },
    ],
    ['an edited prevHash', () => edited(5, { prevHash: 'f'.repeat(64) }), { seq: 5, reason: 'hash_mismatch' }],
    ['an edited hash', () => edited(7, { hash: 'f'.repeat(64) }), { seq: 7, reason: 'hash_mismatch' }],
    [
      'a record edited with its hash recomputed',
      () => chain.map((r) => (r.seq === 5 ? { ...r, operation: 'x', hash: recordHash({ ...r, operation: 'x' }) } : r)),
      { seq: 6, reason: 'broken_link' },
    ],
    ['a deleted record', () => without(4), { seq: 4, reason: 'sequence_gap' }],
    ['the first record deleted', () => without(1), { seq: 1, reason: 'sequence_gap' }],
    [
      'two records swapped',
      () =>
        [...chain.slice(0, 2), chain[7]!, ...chain.slice(3, 7), chain[2]!, ...chain.slice(8)].map((r, i) => ({
          ...r,
          seq: i + 1,
        })),
      { seq: 3, reason: 'hash_mismatch' },
    ],
    [
      'a suffix rewritten consistently from record 3',
      () => rechain(edited(3, { operation: 'forged' }), 3),
      { seq: 4, reason: 'checkpoint_root' },
    ],
    [
      'a suffix rewritten consistently after the first checkpoint',
      () => rechain(edited(8, { operation: 'forged' }), 8),
      { seq: 10, reason: 'checkpoint_root' },
    ],
  ])('reports %s at the first broken record', (_what, tamper, expected) => {
    const records = tamper();
    expect(verify(records, checkpoints)).toMatchObject({
      ok: false,
      brokenAt: { seq: expected.seq },
      reason: expected.reason,
    });
  });

  it('reports records deleted at the end against the head', () => {
    expect(verify(chain.slice(0, 7), [], tail(chain))).toMatchObject({
      ok: false,
      reason: 'head_mismatch',
      brokenAt: { seq: 8 },
      records: 7,
    });
  });

  it('reports records deleted at the end against a checkpoint when the head was moved back too', () => {
    const records = chain.slice(0, 7);
    expect(verify(records, checkpoints, tail(records))).toMatchObject({
      ok: false,
      reason: 'checkpoint_beyond_head',
      brokenAt: { seq: 8, checkpointId: 'checkpoint-10' },
    });
  });

  it('reports a record added after the head', () => {
    const extra = buildChain(11);
    expect(verify(extra, checkpoints, tail(chain))).toMatchObject({ reason: 'head_mismatch', brokenAt: { seq: 11 } });
  });

  it('reports a last record replaced when the head names another hash', () => {
    const records = rechain(edited(10, { operation: 'forged' }), 10);
    expect(verify(records, [], tail(chain))).toMatchObject({ reason: 'head_mismatch', brokenAt: { seq: 10 } });
  });

  it('reports a missing head row as records added outside the chain', () => {
    expect(verify(chain, [], null)).toMatchObject({ reason: 'head_mismatch', brokenAt: { seq: 1 } });
  });

  it('accepts records appended while it walked, between the head before and the head after', () => {
    const verifier = new ChainVerifier(checkpoints, keys);
    for (const record of chain) verifier.push(record);
    expect(verifier.finish({ seq: 8, hash: chain[7]!.hash }, { seq: 12, hash: 'x'.repeat(64) })).toEqual({
      ok: true,
      records: 10,
      checkpoints: 2,
    });
  });

  it('reports a checkpoint whose signature was altered or whose claim was edited', () => {
    const forged = { ...checkpoints[0]!, rootHash: 'f'.repeat(64) };
    expect(verify(chain, [forged, checkpoints[1]!])).toMatchObject({
      reason: 'checkpoint_signature',
      brokenAt: { seq: 4, checkpointId: 'checkpoint-4' },
      records: 4,
    });
  });

  it('reports a checkpoint signed by a key it does not know', () => {
    const other = newKeyPair();
    const foreign = checkpointOf(chain, 4, other.privateKey, other.publicKey);
    expect(verify(chain, [foreign])).toMatchObject({
      reason: 'checkpoint_signature',
      message: expect.stringMatching(/unknown key/),
    });
  });

  it('stops at the first failure and ignores what follows', () => {
    const verifier = new ChainVerifier([], keys);
    expect(verifier.push({ ...chain[0]!, operation: 'x' })).toBe(false);
    expect(verifier.push(chain[1]!)).toBe(false);
    expect(verifier.failed).toMatchObject({ brokenAt: { seq: 1, id: chain[0]!.id }, records: 0 });
  });
});

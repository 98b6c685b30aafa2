#!/usr/bin/env node
// Verifies an svc-hr audit export offline: node scripts/verifyAuditExport.js <export.ndjson> <public-key.pem>
//
// Standalone on purpose: Node built-ins only and nothing of svc-hr, so an auditor can read all of it, copy it out
// of the repository and run it on a machine that never saw the service. docs/audit.md describes each check.
// Exit 0: every record's hash, the chain links, every inclusion proof and the checkpoint signature hold.
// Exit 1: the first problem, with its line number. Exit 2: wrong usage or unreadable files.
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const { TextDecoder } = require('node:util');

const FORMAT = 'svc-hr-audit-export/v1';
const STATEMENT_VERSION = 'svc-hr-audit-checkpoint/v1';
const GENESIS_HASH = '0'.repeat(64);
const HEX64 = /^[0-9a-f]{64}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const HASHED_FIELDS = [
  'id',
  'tenantId',
  'seq',
  'occurredAt',
  'userId',
  'credentialId',
  'credentialKind',
  'surface',
  'operation',
  'arguments',
  'outcome',
  'errorCode',
  'requestId',
  'runId',
  'prevHash',
];

class ExportVerificationError extends Error {
  constructor(line, message) {
    super(line === undefined ? message : `line ${line}: ${message}`);
    this.name = 'ExportVerificationError';
    this.line = line;
  }
}

/** RFC 8785 canonical JSON of a parsed JSON value: sorted keys (UTF-16 order), no whitespace. */
function canonicalJson(value) {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`no canonical form for ${value}`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`;
}

const sha256 = (...parts) => {
  const hash = crypto.createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};
const leafHash = (recordHashHex) => sha256(Buffer.from([0]), Buffer.from(recordHashHex, 'hex'));
const nodeHash = (left, right) => sha256(Buffer.from([1]), left, right);

/** RFC 9162 section 2.1.3.2: the root an audit path leads to, or undefined when it cannot fit the tree size. */
function rootFromProof(recordHashHex, leafIndex, treeSize, auditPath) {
  if (leafIndex >= treeSize) return undefined;
  let fn = leafIndex;
  let sn = treeSize - 1;
  let r = leafHash(recordHashHex);
  for (const hex of auditPath) {
    if (sn === 0) return undefined;
    const p = Buffer.from(hex, 'hex');
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 ? r.toString('hex') : undefined;
}

function exactKeys(value, keys, what, line) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ExportVerificationError(line, `${what} is not an object`);
  }
  const actual = Object.keys(value).sort().join(',');
  if (actual !== [...keys].sort().join(',')) {
    throw new ExportVerificationError(line, `${what} has the members [${actual}], expected [${keys.join(',')}]`);
  }
}

function check(condition, line, message) {
  if (!condition) throw new ExportVerificationError(line, message);
}

const isCount = (n) => Number.isSafeInteger(n) && n >= 0;

/** Lines split on \n only, each strictly UTF-8: a changed line break or byte is never silently absorbed. */
async function* linesOf(source) {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let rest = Buffer.alloc(0);
  let number = 0;
  for await (const chunk of source) {
    rest = Buffer.concat([rest, typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk]);
    let at;
    while ((at = rest.indexOf(0x0a)) !== -1) {
      number += 1;
      let text;
      try {
        text = decoder.decode(rest.subarray(0, at));
      } catch {
        throw new ExportVerificationError(number, 'is not valid UTF-8');
      }
      yield { number, text };
      rest = rest.subarray(at + 1);
    }
  }
  if (rest.length > 0)
    throw new ExportVerificationError(number + 1, 'does not end with a line break: the file was cut');
}

function parseLine({ number, text }) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ExportVerificationError(number, `is not JSON (${error.message})`);
  }
  let canonical;
  try {
    canonical = canonicalJson(value);
  } catch (error) {
    throw new ExportVerificationError(number, `holds a value JSON cannot carry (${error.message})`);
  }
  // Every line is written in canonical JSON, so any other spelling of it was written by someone else.
  check(canonical === text, number, 'is not in canonical JSON: it was altered');
  return value;
}

function checkHeader(header, line, key) {
  exactKeys(header, ['type', 'format', 'scope', 'userId', 'publicKey', 'checkpoint'], 'the header', line);
  check(header.type === 'header', line, 'the first line is not the header');
  check(header.format === FORMAT, line, `unknown format ${JSON.stringify(header.format)}, expected ${FORMAT}`);
  check(header.scope === 'tenant' || header.scope === 'user', line, `unknown scope ${JSON.stringify(header.scope)}`);
  check(
    header.scope === 'tenant' ? header.userId === null : typeof header.userId === 'string',
    line,
    'userId does not fit the scope',
  );
  exactKeys(header.publicKey, ['algorithm', 'keyId', 'publicKeyPem'], 'header.publicKey', line);
  check(header.publicKey.algorithm === 'Ed25519', line, 'the key algorithm is not Ed25519');
  check(
    header.publicKey.keyId === key.keyId && header.publicKey.publicKeyPem === key.pem,
    line,
    `the export names key ${header.publicKey.keyId}, not the given key ${key.keyId}`,
  );
  const cp = header.checkpoint;
  exactKeys(
    cp,
    ['tenantId', 'treeSize', 'rootHash', 'lastHash', 'createdAt', 'keyId', 'signature'],
    'the checkpoint',
    line,
  );
  check(typeof cp.tenantId === 'string' && cp.tenantId.length > 0, line, 'checkpoint.tenantId is missing');
  check(isCount(cp.treeSize), line, 'checkpoint.treeSize is not a count');
  check(HEX64.test(cp.rootHash) && HEX64.test(cp.lastHash), line, 'checkpoint hashes are not SHA-256 hex');
  check(typeof cp.createdAt === 'string' && ISO_MS.test(cp.createdAt), line, 'checkpoint.createdAt is not ISO 8601');
  check(cp.keyId === key.keyId, line, `the checkpoint was signed by key ${cp.keyId}, not the given key ${key.keyId}`);
  const signature = Buffer.from(typeof cp.signature === 'string' ? cp.signature : '', 'base64');
  check(signature.length === 64 && signature.toString('base64') === cp.signature, line, 'the signature is malformed');
  const statement = [STATEMENT_VERSION, cp.tenantId, String(cp.treeSize), cp.rootHash, cp.lastHash, cp.createdAt].join(
    '\n',
  );
  check(
    crypto.verify(null, Buffer.from(statement, 'utf8'), key.publicKey, signature),
    line,
    'the checkpoint signature does not verify',
  );
}

function checkRecord(entry, line, state) {
  const { header, previous } = state;
  const cp = header.checkpoint;
  exactKeys(entry, ['type', 'record', 'proof'], 'the record line', line);
  const record = entry.record;
  exactKeys(record, [...HASHED_FIELDS, 'hash'], 'the record', line);
  const seq = record.seq;
  check(Number.isSafeInteger(seq) && seq >= 1 && seq <= cp.treeSize, line, `seq ${seq} is outside 1..${cp.treeSize}`);
  check(seq > previous.seq, line, `record ${seq} comes after record ${previous.seq}: out of order`);
  check(header.scope === 'user' || seq === previous.seq + 1, line, `record ${previous.seq + 1} is missing`);
  check(record.tenantId === cp.tenantId, line, `record ${seq} belongs to another tenant`);
  check(header.scope === 'tenant' || record.userId === header.userId, line, `record ${seq} is another user's`);
  const hashed = {};
  for (const field of HASHED_FIELDS) hashed[field] = record[field];
  const actual = crypto.createHash('sha256').update(canonicalJson(hashed), 'utf8').digest('hex');
  check(
    HEX64.test(record.hash) && actual === record.hash,
    line,
    `record ${seq} was altered: its fields hash to ${actual}`,
  );
  // Links are checked wherever two neighbours are both present: always in a tenant export.
  if (seq === previous.seq + 1) {
    const expected = seq === 1 ? GENESIS_HASH : previous.hash;
    check(record.prevHash === expected, line, `record ${seq} does not follow record ${seq - 1}: broken chain`);
  }
  if (seq === cp.treeSize)
    check(record.hash === cp.lastHash, line, `record ${seq} is not the last record the checkpoint signed`);
  const proof = entry.proof;
  exactKeys(proof, ['leafIndex', 'treeSize', 'auditPath'], 'the proof', line);
  check(
    proof.leafIndex === seq - 1 && proof.treeSize === cp.treeSize,
    line,
    `the proof of record ${seq} is for another leaf or tree`,
  );
  check(
    Array.isArray(proof.auditPath) && proof.auditPath.every((h) => HEX64.test(h)),
    line,
    'the audit path is malformed',
  );
  const root = rootFromProof(record.hash, proof.leafIndex, proof.treeSize, proof.auditPath);
  check(root === cp.rootHash, line, `record ${seq} is not in the signed tree: its inclusion proof fails`);
  state.previous = { seq, hash: record.hash };
  state.records += 1;
}

/**
 * Verifies an export read from `source` (a stream or any async iterable of Buffers or strings) against the public
 * key (SPKI PEM). Resolves with a summary, or rejects with an ExportVerificationError naming the first bad line.
 */
async function verifyExport(source, publicKeyPem) {
  const publicKey = crypto.createPublicKey(publicKeyPem);
  if (publicKey.asymmetricKeyType !== 'ed25519')
    throw new ExportVerificationError(undefined, 'the public key is not Ed25519');
  const key = {
    publicKey,
    pem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    keyId: crypto
      .createHash('sha256')
      .update(publicKey.export({ type: 'spki', format: 'der' }))
      .digest('hex'),
  };
  const state = { header: undefined, previous: { seq: 0, hash: GENESIS_HASH }, records: 0, ended: false };
  for await (const line of linesOf(source)) {
    check(!state.ended, line.number, 'comes after the end line');
    const entry = parseLine(line);
    if (state.header === undefined) {
      checkHeader(entry, line.number, key);
      state.header = entry;
    } else if (entry !== null && entry.type === 'end') {
      exactKeys(entry, ['type', 'records'], 'the end line', line.number);
      check(
        entry.records === state.records,
        line.number,
        `the end line counts ${entry.records} records, the file has ${state.records}`,
      );
      const { treeSize } = state.header.checkpoint;
      check(
        state.header.scope === 'user' || state.records === treeSize,
        line.number,
        `records ${state.records + 1} to ${treeSize} are missing`,
      );
      state.ended = true;
    } else {
      check(entry !== null && entry.type === 'record', line.number, 'is neither a record nor the end line');
      checkRecord(entry, line.number, state);
    }
  }
  check(state.header !== undefined, 1, 'the file is empty');
  check(state.ended, undefined, 'the export has no end line: the file was cut short');
  const { checkpoint, scope } = state.header;
  return {
    records: state.records,
    scope,
    tenantId: checkpoint.tenantId,
    treeSize: checkpoint.treeSize,
    rootHash: checkpoint.rootHash,
    keyId: key.keyId,
    signedAt: checkpoint.createdAt,
  };
}

async function main(argv) {
  if (argv.length !== 2) {
    console.error('usage: node scripts/verifyAuditExport.js <export.ndjson> <public-key.pem>');
    return 2;
  }
  const [exportFile, keyFile] = argv;
  let pem;
  try {
    pem = fs.readFileSync(keyFile, 'utf8');
    fs.accessSync(exportFile, fs.constants.R_OK);
  } catch (error) {
    console.error(`cannot read: ${error.message}`);
    return 2;
  }
  try {
    const summary = await verifyExport(fs.createReadStream(exportFile), pem);
    console.log(
      `OK: ${summary.records} ${summary.scope === 'user' ? "of the user's " : ''}records of tenant ${summary.tenantId} ` +
        `verified against the checkpoint of ${summary.treeSize} records (root ${summary.rootHash}) signed at ` +
        `${summary.signedAt} by key ${summary.keyId}`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof ExportVerificationError)) throw error;
    console.error(`FAILED: ${exportFile} ${error.message}`);
    return 1;
  }
}

module.exports = { verifyExport, ExportVerificationError, canonicalJson, rootFromProof };

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(`FAILED: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(2);
    },
  );
}

import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { leafHashOfHex } from './merkle';
import { queryRecordTextBatch, textRowHashOrWhyNot } from './textRows';
import type { HashedChunk, HashWorkerData, HashWorkerRequest } from './verifyWorkers';

// A hashing thread of verifyWorkers.ts: on its own connection, it reads the records of the seq ranges it is sent,
// hashes each one as the verifier would (textRowHashOrWhyNot), and answers what the chain checks need, compactly.

const { connection, tenantId } = workerData as HashWorkerData;
const client = new pg.Client(connection);
// A connection that dies is reported through the failing query; without a listener its 'error' would end the thread.
client.on('error', () => undefined);
const connected = client.connect();

async function hashChunk(request: Extract<HashWorkerRequest, { chunk: number }>): Promise<HashedChunk> {
  await connected;
  const rows = await queryRecordTextBatch(client, tenantId, request.afterSeq, request.upToSeq, request.take);
  const chunk: HashedChunk = {
    chunk: request.chunk,
    seqs: [],
    ids: [],
    prevHashes: [],
    hashes: [],
    mismatches: [],
    leaves: new Uint8Array(32 * rows.length),
  };
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    let actual, leaf;
    try {
      actual = textRowHashOrWhyNot(row);
      // A stored hash equal to the recomputed one is 64 hex digits: its leaf is what the Merkle frontier appends.
      if (actual === row[15]) leaf = leafHashOfHex(actual);
    } catch (error) {
      // Not the verifier's answer: an error, raised only if the walk gets this far (the inline walk throws here).
      chunk.rowError = { index: i, message: (error as Error).message };
      break;
    }
    chunk.seqs.push(Number(row[2]));
    chunk.ids.push(row[0]!);
    chunk.prevHashes.push(row[14]!);
    chunk.hashes.push(row[15]!);
    if (leaf) chunk.leaves.set(leaf, 32 * i);
    else chunk.mismatches.push([i, actual]);
  }
  return chunk;
}

parentPort!.on('message', (request: HashWorkerRequest) => {
  if ('close' in request) {
    void client.end().finally(() => parentPort!.close());
    return;
  }
  hashChunk(request).then(
    (chunk) => parentPort!.postMessage(chunk, [chunk.leaves.buffer as ArrayBuffer]),
    (error: unknown) => parentPort!.postMessage({ chunk: request.chunk, error: (error as Error).message }),
  );
});

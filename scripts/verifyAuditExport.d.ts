// Types of scripts/verifyAuditExport.js for the tests that run it in-process; the script itself stays plain
// JavaScript with no dependencies so that auditors can run it anywhere.

export class ExportVerificationError extends Error {
  /** 1-based line of the export where verification failed, when one line is to blame. */
  readonly line: number | undefined;
}

export interface ExportSummary {
  records: number;
  scope: 'tenant' | 'user';
  tenantId: string;
  treeSize: number;
  rootHash: string;
  keyId: string;
  signedAt: string;
}

export function verifyExport(
  source: AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
  publicKeyPem: string,
): Promise<ExportSummary>;

export function canonicalJson(value: unknown): string;

export function rootFromProof(
  recordHashHex: string,
  leafIndex: number,
  treeSize: number,
  auditPath: readonly string[],
): string | undefined;

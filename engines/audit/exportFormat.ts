import type { StoredCheckpoint } from './chainVerifier';
import type { InclusionProof } from './inclusionProof';
import type { AuditRecordView } from './recordHash';

/**
 * The audit export: NDJSON, one JSON object per line, each line in canonical JSON. docs/audit.md documents every
 * field for auditors, and scripts/verifyAuditExport.js verifies a file with nothing but Node and the public key.
 */
export const EXPORT_FORMAT = 'svc-hr-audit-export/v1';

export const EXPORT_CONTENT_TYPE = 'application/x-ndjson' as const;

/** First line: what was exported, under which key, against which signed checkpoint. */
export interface ExportHeaderLine {
  type: 'header';
  format: typeof EXPORT_FORMAT;
  /** `tenant`: every record 1..treeSize, in order; `user`: only the records of `userId`, in seq order. */
  scope: 'tenant' | 'user';
  userId: string | null;
  publicKey: { algorithm: 'Ed25519'; keyId: string; publicKeyPem: string };
  /** The signed checkpoint every proof leads to; made at export time, so it covers every exported record. */
  checkpoint: Omit<StoredCheckpoint, 'id'>;
}

/** One line per record: the record as hashed plus its hash, and its inclusion proof in the checkpoint's tree. */
export interface ExportRecordLine {
  type: 'record';
  record: AuditRecordView;
  proof: InclusionProof;
}

/** Last line: how many record lines came before it, so a cut-off file is told from a complete one. */
export interface ExportEndLine {
  type: 'end';
  records: number;
}

export type ExportLine = ExportHeaderLine | ExportRecordLine | ExportEndLine;

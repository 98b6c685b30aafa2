/**
 * A reply's mention of the files a tool result was delivered as (`artifacts: [{ id, filename, contentType }]`,
 * added by the worker: activities/agent/artifacts.ts), so the user knows to download them.
 */

import { type TurnResult, dataOf } from './planTypes';

interface Delivered {
  artifacts?: { id: string; filename: string }[];
}

/** "\n\nFiles: untaken-leave-2026.csv (id …), …", or "" when the result made no files. */
export function artifactNote(result: TurnResult): string {
  const artifacts = result.ok ? (dataOf<Delivered>(result)?.artifacts ?? []) : [];
  if (artifacts.length === 0) return '';
  return `\n\nFiles: ${artifacts.map((a) => `${a.filename} (artifact ${a.id})`).join(', ')}.`;
}

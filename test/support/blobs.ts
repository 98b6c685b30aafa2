import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

/** A fresh blob directory of one test file, under the OS temp dir. */
export function testBlobDir(): string {
  return path.join(os.tmpdir(), `svc-hr-test-blobs-${process.pid}-${randomUUID()}`);
}

/** Every file under `dir` (recursively), relative to it; [] when `dir` does not exist. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** A multipart/form-data body with one file part (and optional text fields before it). */
export function multipartBody(
  file: { field?: string; filename: string; contentType: string; content: Buffer | string },
  fields: Record<string, string> = {},
): { body: Buffer; contentType: string } {
  const boundary = `----svc-hr-test-${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\n` +
        `Content-Type: ${file.contentType}\r\n\r\n`,
    ),
    Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

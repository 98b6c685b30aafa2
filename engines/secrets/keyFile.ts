import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Makes a key file under the data dir once: written whole under a temporary name (mode 0600), then linked into
 * place. link() fails if another process got there first, so of several processes starting at once one key wins
 * and all read it, and a reader never sees a half-written key. A file already there is left as it is.
 */
export function createKeyFileOnce(file: string, contents: () => string): void {
  if (fs.existsSync(file)) return;
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(temporary, contents(), { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.unlinkSync(temporary);
  }
}

import fs from 'node:fs';
import path from 'node:path';

/** The folder holding svc-hr's package.json, found from this file both in sources and in dist/. */
export function projectRoot(): string {
  let dir = __dirname;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).name === 'svc-hr') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`svc-hr's package.json not found above ${__dirname}`);
    dir = parent;
  }
}

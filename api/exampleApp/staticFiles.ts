import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../../engines/appError';

/** Where `npm run build` puts the example app (client/example, built by Vite), found from sources and dist/. */
function exampleDist(): string {
  let dir = __dirname;
  for (;;) {
    const candidate = path.join(dir, 'client', 'example', 'dist');
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'client'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(__dirname, '../../client/example/dist');
    dir = parent;
  }
}

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
};

export function readExamplePage(): string {
  const file = path.join(exampleDist(), 'index.html');
  if (!fs.existsSync(file)) throw new AppError('not_found', 'The example app is not built: run `npm run build`');
  return fs.readFileSync(file, 'utf8');
}

/** A built asset by its file name (hashed by Vite); names with a path or of unknown type are not served. */
export function openExampleAsset(name: string): { contentType: string; body: fs.ReadStream } {
  const type = contentTypes[path.extname(name)];
  const file = path.join(exampleDist(), 'assets', name);
  if (!type || !/^[\w.-]+$/.test(name) || name.startsWith('.') || !fs.existsSync(file)) {
    throw new AppError('not_found', `No asset ${name}`);
  }
  return { contentType: type, body: fs.createReadStream(file) };
}

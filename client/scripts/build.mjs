// Builds @svc-hr/client into client/dist: ESM (.mjs) and CommonJS (.cjs) bundles of the core and of the React
// panel (react stays a peer: never bundled), and .d.ts files from tsc. Then the example app (Vite) into
// client/example/dist, which `svc-hr start` serves at /example/. Run by the root `npm run build`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rootDir = path.resolve(clientDir, '..');
const dist = path.join(clientDir, 'dist');
const started = Date.now();

/** Newest modification time of the files under `dir` (skipping build output). */
function newest(dir) {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
}

// `npm run build` runs before every test run: skip the client when nothing of it changed since its last build.
const outputs = [path.join(dist, 'index.mjs'), path.join(clientDir, 'example/dist/index.html')];
const builtAt = Math.min(...outputs.map((f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0)));
if (!process.argv.includes('--force') && builtAt > newest(clientDir)) {
  process.stdout.write('client up to date\n');
  process.exit(0);
}

fs.rmSync(dist, { recursive: true, force: true });

const entries = [
  { name: 'index', entry: 'src/index.ts' },
  { name: 'react', entry: 'src/react/index.ts' },
];
await Promise.all(
  entries.flatMap(({ name, entry }) =>
    ['esm', 'cjs'].map((format) =>
      build({
        entryPoints: [path.join(clientDir, entry)],
        outfile: path.join(dist, `${name}.${format === 'esm' ? 'mjs' : 'cjs'}`),
        bundle: true,
        format,
        platform: 'neutral',
        target: 'es2022',
        jsx: 'automatic',
        sourcemap: true,
        // The panel imports the core through relative paths: it is bundled in, so `./react` works on its own.
        external: ['react', 'react/jsx-runtime', 'react-dom'],
        logLevel: 'warning',
      }),
    ),
  ),
);

const tsc = spawnSync(
  process.execPath,
  [path.join(rootDir, 'node_modules/typescript/bin/tsc'), '-p', path.join(clientDir, 'tsconfig.build.json')],
  { stdio: 'inherit' },
);
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

if (!process.argv.includes('--no-example')) {
  const vite = spawnSync(
    process.execPath,
    [path.join(rootDir, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    { stdio: 'inherit', cwd: path.join(clientDir, 'example') },
  );
  if (vite.status !== 0) process.exit(vite.status ?? 1);
}
process.stdout.write(`client built in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

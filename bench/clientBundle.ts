/**
 * Bundle size of @svc-hr/client as an app ships it: each entry bundled, minified (esbuild, ES2022, browser), and
 * gzipped (level 9). The panel excludes React (a peer dependency the app already has). Baselines of the same run: a
 * bare fetch wrapper (what any app writes without a client), and react-dom/client (what the panel rides on).
 * Target: the core under 15 kB gzip.
 */
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { printTable } from './report';

const root = path.resolve(__dirname, '..');

async function sizeOf(
  input: { entry: string } | { contents: string },
  external: string[] = [],
): Promise<{ min: number; gzip: number }> {
  const result = await build({
    ...('entry' in input
      ? { entryPoints: [path.join(root, input.entry)] }
      : { stdin: { contents: input.contents, resolveDir: root, loader: 'ts' } }),
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    write: false,
    external,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  return { min: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

const bareFetchWrapper = `
export async function call(baseUrl, token, method, path, body) {
  const res = await fetch(baseUrl + path, {
    method,
    headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(json.error.message);
  return json.data;
}`;

async function main() {
  const react = ['react', 'react/jsx-runtime', 'react-dom'];
  const sizes = {
    baseline: await sizeOf({ contents: bareFetchWrapper }),
    core: await sizeOf({ entry: 'client/src/index.ts' }),
    panel: await sizeOf({ entry: 'client/src/react/index.ts' }, react),
    // What an app embedding the panel ships of ours: the controller and client it needs, and the panel.
    both: await sizeOf(
      { contents: "export * from './client/src/index.ts'; export * from './client/src/react/index.ts';" },
      react,
    ),
    reactDom: await sizeOf({ contents: "export { createRoot } from 'react-dom/client';" }, ['react']),
  };
  const kB = (n: number) => n / 1024;
  printTable('client bundle, kB gzip (ratio to the bare fetch wrapper)', [
    ['bare fetch wrapper (baseline)', kB(sizes.baseline.gzip), 1],
    ['@svc-hr/client core', kB(sizes.core.gzip), sizes.core.gzip / sizes.baseline.gzip],
    ['@svc-hr/client/react panel', kB(sizes.panel.gzip), sizes.panel.gzip / sizes.baseline.gzip],
    ['core + panel', kB(sizes.both.gzip), sizes.both.gzip / sizes.baseline.gzip],
  ]);
  printTable('client bundle, kB gzip (ratio to react-dom/client)', [
    ['react-dom/client (baseline)', kB(sizes.reactDom.gzip), 1],
    ['@svc-hr/client core', kB(sizes.core.gzip), sizes.core.gzip / sizes.reactDom.gzip],
    ['@svc-hr/client/react panel', kB(sizes.panel.gzip), sizes.panel.gzip / sizes.reactDom.gzip],
    ['core + panel', kB(sizes.both.gzip), sizes.both.gzip / sizes.reactDom.gzip],
  ]);
  printTable('client bundle, kB minified', [
    ['@svc-hr/client core', kB(sizes.core.min), sizes.core.min / sizes.baseline.min],
    ['@svc-hr/client/react panel', kB(sizes.panel.min), sizes.panel.min / sizes.baseline.min],
  ]);
  const target = 15 * 1024;
  const verdict = sizes.core.gzip < target ? 'under' : 'OVER';
  console.log(`\ncore ${kB(sizes.core.gzip).toFixed(2)} kB gzip: ${verdict} the 15 kB target`);
  if (sizes.core.gzip >= target) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

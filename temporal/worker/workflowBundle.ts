import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { bundleWorkflowCode, DefaultLogger, type WorkflowBundleWithSourceMap } from '@temporalio/worker';

/**
 * The workflows entry point. `require.resolve` finds `workflows/index.ts` when running from the TypeScript
 * sources (jest, tsx: the bundler compiles .ts itself) and `dist/workflows/index.js` when running compiled.
 */
export function workflowsEntry(): string {
  return require.resolve('../../workflows');
}

const bundles = new Map<string, Promise<WorkflowBundleWithSourceMap>>();

/** Every file under `dir`, sorted, so that the same tree always hashes the same. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(full) : entry.isFile() ? [full] : [];
    })
    .sort();
}

/**
 * What a bundle of the workflows at `entry` is made of: the entry's path (sources or dist), every file of its
 * folder and of lib/ (workflows import only @temporalio/workflow, types and lib/: eslint.boundaries.mjs holds them
 * to it), and the versions of the SDK that bundles and runs them.
 */
function bundleKey(entry: string): string {
  const hash = createHash('sha256').update(entry);
  for (const pkg of ['@temporalio/worker/package.json', '@temporalio/workflow/package.json']) {
    hash.update(String((JSON.parse(fs.readFileSync(require.resolve(pkg), 'utf8')) as { version: string }).version));
  }
  const workflowsDir = path.dirname(entry);
  for (const dir of [workflowsDir, path.join(workflowsDir, '..', 'lib')]) {
    if (!fs.existsSync(dir)) continue;
    for (const file of filesUnder(dir)) hash.update(file).update(fs.readFileSync(file));
  }
  return hash.digest('hex');
}

/**
 * Where bundles are kept between processes: beside the SDK in the project's own node_modules/.cache, written
 * only by whoever installed the project (never a shared temporary folder, whose files anyone could plant).
 */
function cacheDir(): string {
  const sdk = path.dirname(require.resolve('@temporalio/worker/package.json'));
  return path.join(sdk, '..', '..', '.cache', 'svc-hr-workflow-bundles');
}

/** A bundle from the disk cache, or undefined; a damaged entry is as good as none. */
function cachedBundle(file: string): WorkflowBundleWithSourceMap | undefined {
  try {
    const code = fs.readFileSync(file, 'utf8');
    return code.length > 0 ? { code, sourceMap: '' } : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps a bundle for the next process, written whole or not at all (a rename); a failure only costs the cache. */
function keepBundle(file: string, code: string): void {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(partial, code);
    fs.renameSync(partial, file);
  } catch {
    // A read-only install bundles in each process, as before.
  }
}

/**
 * The webpack bundle of the workflows at `entry`, built once per process (module instance) and shared by every
 * worker it starts, and kept on disk by the hash of what it is made of (bundleKey): bundling takes seconds of
 * CPU, and each test file, each `svc-hr worker` and each `svc-hr start` used to bundle the same workflows again.
 * A failed bundle is not cached, so a later call tries again.
 */
export function getWorkflowBundle(entry = workflowsEntry()): Promise<WorkflowBundleWithSourceMap> {
  let bundle = bundles.get(entry);
  if (!bundle) {
    bundle = (async () => {
      const file = path.join(cacheDir(), `${bundleKey(entry)}.js`);
      const cached = cachedBundle(file);
      if (cached) return cached;
      const built = await bundleWorkflowCode({ workflowsPath: entry, logger: new DefaultLogger('WARN') });
      keepBundle(file, built.code);
      return built;
    })();
    bundles.set(entry, bundle);
    bundle.catch(() => bundles.delete(entry));
  }
  return bundle;
}

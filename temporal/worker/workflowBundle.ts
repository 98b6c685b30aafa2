import { bundleWorkflowCode, DefaultLogger, type WorkflowBundleWithSourceMap } from '@temporalio/worker';

/**
 * The workflows entry point. `require.resolve` finds `workflows/index.ts` when running from the TypeScript
 * sources (jest, tsx: the bundler compiles .ts itself) and `dist/workflows/index.js` when running compiled.
 */
export function workflowsEntry(): string {
  return require.resolve('../../workflows');
}

const bundles = new Map<string, Promise<WorkflowBundleWithSourceMap>>();

/**
 * The webpack bundle of the workflows at `entry`, built once per process (module instance) and shared by every
 * worker it starts: bundling takes seconds, and a test file or `svc-hr start` may start several workers.
 * A failed bundle is not cached, so a later call tries again.
 */
export function getWorkflowBundle(entry = workflowsEntry()): Promise<WorkflowBundleWithSourceMap> {
  let bundle = bundles.get(entry);
  if (!bundle) {
    bundle = bundleWorkflowCode({ workflowsPath: entry, logger: new DefaultLogger('WARN') });
    bundles.set(entry, bundle);
    bundle.catch(() => bundles.delete(entry));
  }
  return bundle;
}

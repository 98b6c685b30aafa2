import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { acquireLock } from './buildLock';
import { goInstall, isGoRecentEnough, minimumGoVersion, readGoVersion } from './goToolchain';
import { findOnPath, isExecutableFile } from './pathLookup';

const execFileAsync = promisify(execFile);

/** The Go package of the Temporal CLI; `@<version>` is appended. Later versions add a go.mod `replace`, which
 * `go install pkg@version` refuses, hence the pinned default version in the config. */
const cliPackage = 'github.com/temporalio/cli/cmd/temporal';

export interface EnsureTemporalCliOptions {
  /** TEMPORAL_CLI_PATH: when given, this binary is used and must exist. */
  cliPath?: string | undefined;
  /** The CLI version to build when none is found, e.g. `v1.5.1`. */
  version: string;
  /** The repository root; the binary is kept (and built) in `<projectDir>/.temporal/bin`. */
  projectDir: string;
  log: (line: string) => void;
  /** The environment whose PATH is searched and which `go` runs with (default: this process's). */
  env?: NodeJS.ProcessEnv;
  /** How often the build prints a progress line (default 5 s). */
  progressEveryMs?: number;
}

/**
 * Returns the path of a working `temporal` binary (one that answers `--version`), in this order: `cliPath`,
 * `temporal` on PATH, `<projectDir>/.temporal/bin/temporal`, else one built with `go install` into that folder.
 * Concurrent callers, in this process or others, share one build through a lock file in `.temporal/`. Throws
 * an error saying what to install when there is no binary and no recent enough Go.
 */
export async function ensureTemporalCli(opts: EnsureTemporalCliOptions): Promise<string> {
  const env = opts.env ?? process.env;
  if (opts.cliPath !== undefined) {
    if (!(await isExecutableFile(opts.cliPath))) {
      throw new Error(`TEMPORAL_CLI_PATH is ${opts.cliPath}, but there is no executable file there.`);
    }
    return verified(opts.cliPath, opts.log);
  }
  const onPath = await findOnPath('temporal', env.PATH);
  if (onPath) return verified(onPath, opts.log);

  const binDir = path.join(opts.projectDir, '.temporal', 'bin');
  const local = path.join(binDir, 'temporal');
  if (await isExecutableFile(local)) return verified(local, opts.log);

  const goPath = await findOnPath('go', env.PATH);
  if (!goPath) {
    throw new Error(
      'No Temporal CLI found. Either set TEMPORAL_ADDRESS to a running Temporal server, set TEMPORAL_CLI_PATH to ' +
        `a \`temporal\` binary, put \`temporal\` on PATH, or install Go >= ${minimumGoVersion.major}.` +
        `${minimumGoVersion.minor} (https://go.dev/dl/) so that svc-hr can build it into ${binDir}.`,
    );
  }
  const goVersion = await readGoVersion(goPath, env);
  if (!isGoRecentEnough(goVersion)) {
    throw new Error(
      `Go ${goVersion.text} at ${goPath} is too old to build the Temporal CLI ${opts.version}: it needs Go >= ` +
        `${minimumGoVersion.major}.${minimumGoVersion.minor}. Install a newer Go (https://go.dev/dl/), or set ` +
        'TEMPORAL_CLI_PATH to a `temporal` binary, or TEMPORAL_ADDRESS to a running Temporal server.',
    );
  }

  await mkdir(binDir, { recursive: true });
  const releaseLock = await acquireLock(path.join(opts.projectDir, '.temporal', 'build.lock'), {
    log: opts.log,
    purpose: 'building the Temporal CLI',
  });
  try {
    // Another process may have finished the build while we waited for the lock: use its result.
    if (!(await isExecutableFile(local))) {
      await buildInto(local, { ...opts, env, goPath });
    }
  } finally {
    await releaseLock();
  }
  return verified(local, opts.log);
}

/**
 * Builds into a fresh temporary GOBIN beside the target and renames the binary into place, so a build killed
 * half way never leaves a half-written `temporal` that later runs would trust.
 */
async function buildInto(
  target: string,
  opts: EnsureTemporalCliOptions & { env: NodeJS.ProcessEnv; goPath: string },
): Promise<void> {
  const temporalDir = path.dirname(path.dirname(target));
  // Leftovers of builds that were killed: only the lock holder builds, so none of them is in use.
  for (const entry of await readdir(temporalDir)) {
    if (entry.startsWith('build-')) await rm(path.join(temporalDir, entry), { recursive: true, force: true });
  }
  const buildDir = await mkdtemp(path.join(temporalDir, 'build-'));
  try {
    opts.log(`no Temporal CLI found: building ${cliPackage}@${opts.version} with ${opts.goPath}`);
    await goInstall({
      goPath: opts.goPath,
      target: `${cliPackage}@${opts.version}`,
      gobin: buildDir,
      env: opts.env,
      progressLabel: 'building the Temporal dev server with go install (about 5 minutes the first time on 2 cores)',
      progressEveryMs: opts.progressEveryMs ?? 5000,
      log: opts.log,
    });
    await rename(path.join(buildDir, 'temporal'), target);
  } finally {
    await rm(buildDir, { recursive: true, force: true });
  }
}

/** Runs `<binary> --version` and returns the binary when it answers; throws with its output when it does not. */
async function verified(binary: string, log: (line: string) => void): Promise<string> {
  let stdout: string;
  try {
    ({ stdout } = await execFileAsync(binary, ['--version'], { timeout: 60_000 }));
  } catch (error) {
    throw new Error(`The Temporal CLI at ${binary} does not run (\`${binary} --version\`): ${String(error)}`, {
      cause: error,
    });
  }
  if (!/temporal version/i.test(stdout)) {
    throw new Error(`${binary} is not the Temporal CLI: \`--version\` printed ${JSON.stringify(stdout.trim())}`);
  }
  log(`using the Temporal CLI at ${binary} (${stdout.trim()})`);
  return binary;
}

import { spawn, execFile } from 'node:child_process';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** A Go release as printed by `go version` (`go version go1.26.8 linux/amd64`). */
export interface GoVersion {
  major: number;
  minor: number;
  patch: number;
  /** The version as Go prints it, e.g. `go1.25rc2`. */
  text: string;
}

/** The Temporal CLI v1.5.1 module declares `go 1.25`; older toolchains refuse to build it. */
export const minimumGoVersion = { major: 1, minor: 25 } as const;

/**
 * Reads the Go release from the output of `go version`; undefined when the output names none. Handles
 * release candidates (`go1.25rc1` counts as 1.25.0) and development builds (`devel go1.26-abc123`).
 */
export function parseGoVersion(output: string): GoVersion | undefined {
  const match = /\bgo(\d+)\.(\d+)(?:\.(\d+))?((?:rc|beta)\d+)?/.exec(output);
  if (!match) return undefined;
  const [text, major, minor, patch] = match;
  return { major: Number(major), minor: Number(minor), patch: patch === undefined ? 0 : Number(patch), text };
}

/** True when `version` is at least `minimum` (major.minor). */
export function isGoRecentEnough(
  version: Pick<GoVersion, 'major' | 'minor'>,
  minimum: { major: number; minor: number } = minimumGoVersion,
): boolean {
  return version.major > minimum.major || (version.major === minimum.major && version.minor >= minimum.minor);
}

/** Runs `go version` and parses it; throws when the output carries no version. */
export async function readGoVersion(goPath: string, env: NodeJS.ProcessEnv): Promise<GoVersion> {
  const { stdout } = await execFileAsync(goPath, ['version'], { env, timeout: 30_000 });
  const version = parseGoVersion(stdout);
  if (!version) throw new Error(`Could not read the Go version from \`${goPath} version\`: ${stdout.trim()}`);
  return version;
}

export interface GoInstallOptions {
  goPath: string;
  /** `module/path/cmd@version`. */
  target: string;
  /** Where `go install` writes the binary. */
  gobin: string;
  env: NodeJS.ProcessEnv;
  /** Text of the progress line; the elapsed seconds are appended. */
  progressLabel: string;
  progressEveryMs: number;
  log: (line: string) => void;
}

/**
 * Runs `go install <target>` with GOBIN set, printing a progress line every `progressEveryMs` so that a build
 * of several minutes does not look like a hang. Rejects with the last lines of Go's output when it fails.
 */
export async function goInstall(opts: GoInstallOptions): Promise<void> {
  const started = Date.now();
  const child = spawn(opts.goPath, ['install', opts.target], {
    env: { ...opts.env, GOBIN: opts.gobin },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(
      ...chunk
        .toString('utf8')
        .split('\n')
        .filter((line) => line.trim() !== ''),
    );
    output.splice(0, Math.max(0, output.length - 40));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const progress = setInterval(() => {
    opts.log(`${opts.progressLabel}… ${Math.round((Date.now() - started) / 1000)} s`);
  }, opts.progressEveryMs);
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (exitCode, signal) => resolve(signal ? null : exitCode));
    });
    if (code !== 0) {
      throw new Error(
        `go install ${opts.target} failed (${code === null ? 'killed by a signal' : `exit code ${code}`}):\n` +
          output.join('\n'),
      );
    }
  } finally {
    clearInterval(progress);
  }
  opts.log(`built ${opts.target} in ${Math.round((Date.now() - started) / 1000)} s`);
}

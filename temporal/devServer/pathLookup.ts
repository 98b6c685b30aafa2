import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';

/**
 * The absolute path of the first executable file called `name` in the directories of `pathVariable` (the
 * PATH syntax), or undefined. Done here rather than through `which` so it works where `which` is missing and
 * so callers can pass a PATH of their own (tests put a fake `go` first).
 */
export async function findOnPath(name: string, pathVariable: string | undefined): Promise<string | undefined> {
  for (const dir of (pathVariable ?? '').split(path.delimiter)) {
    if (dir === '') continue;
    const candidate = path.join(dir, name);
    if (await isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

/** True when `file` exists and the current user may execute it. */
export async function isExecutableFile(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    // access() reports "missing" and "not executable" only by throwing; both mean "not usable here".
    return false;
  }
}

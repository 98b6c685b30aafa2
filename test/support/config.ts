import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../config/env';

/** A configuration for tests: the defaults, quiet logs, and whatever the test overrides. */
export function testConfig(env: Record<string, string> = {}): Config {
  // A data dir of the test process (audit signing key...), never the developer's .data.
  const dataDir = path.join(os.tmpdir(), `svc-hr-test-data-${process.pid}`);
  return loadConfig({ LOG_LEVEL: 'silent', SVC_HR_DATA_DIR: dataDir, ...env } as NodeJS.ProcessEnv);
}

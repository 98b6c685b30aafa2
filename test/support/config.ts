import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../config/env';
import { testCalendarEnv } from './clock';

/** A configuration for tests: the defaults, quiet logs, the tests' calendar clock, and whatever the test overrides. */
export function testConfig(env: Record<string, string> = {}): Config {
  // A data dir of the test process (audit signing key...), never the developer's .data.
  const dataDir = path.join(os.tmpdir(), `svc-hr-test-data-${process.pid}`);
  return loadConfig({
    LOG_LEVEL: 'silent',
    SVC_HR_DATA_DIR: dataDir,
    ...testCalendarEnv(),
    ...env,
  } as NodeJS.ProcessEnv);
}

import { loadConfig, type Config } from '../../config/env';

/** A configuration for tests: the defaults, quiet logs, and whatever the test overrides. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ LOG_LEVEL: 'silent', ...env } as NodeJS.ProcessEnv);
}

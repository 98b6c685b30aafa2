import { parseArgs } from 'node:util';
import { loadConfig } from '../config/env';
import { runApi } from './commands/api';
import { runConnector } from './commands/connector';
import { runCredentialCommand } from './commands/credential';
import { runMigrate } from './commands/migrate';
import { runSeed } from './commands/seed';
import { runStart } from './commands/start';
import { runWorker } from './commands/worker';

const usage = `svc-hr <command> [options]

Commands:
  start                     everything for a laptop: Temporal dev server (when TEMPORAL_ADDRESS is unset),
                            the embedded database (when DATABASE_URL is unset), migrations, the demo seed,
                            the worker and the API, in one process tree
  api                       the HTTP API (REST, OpenAPI, reference, MCP)
  worker                    a Temporal worker on the task queue
  migrate                   apply database migrations
  seed [--employees N --tenant-name X]
                            the demo tenants, or a large synthetic tenant for benchmarks
  token create --email E --name N --scopes a,b [--expires-in 30d]
                            a personal access token; prints only the secret
  credential create --email E --name N --scopes a,b [--expires-in 30d]
                            an integration credential (ADMIN or OWNER); prints only the secret
  apikey create --email E --name N --scopes people:read,... [--expires-in 30d]
                            a company API key (OWNER, ADMIN or HR_MANAGER); prints only the secret
  connector --base-url URL --pairing-token T --adapter-url URL
                            the outbound connector, run in your network: dials out to the service (one
                            WebSocket, no inbound port) and runs approved MCP calls on the local adapter
                            (prefer SVC_HR_CONNECTOR_PAIRING_TOKEN: a flag shows in the process list)

Configuration is read from environment variables; see the README.`;

/** Runs one command; resolves to the process exit code. Only this module reads process.env. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(`${usage}\n`);
    return command ? 0 : 1;
  }
  const config = loadConfig(process.env);
  switch (command) {
    case 'start':
      return runStart(config);
    case 'api':
      return runApi(config);
    case 'worker':
      return runWorker(config);
    case 'migrate':
      return runMigrate(config);
    case 'seed': {
      const { values } = parseArgs({
        args: rest,
        options: { employees: { type: 'string' }, 'tenant-name': { type: 'string' } },
      });
      return runSeed(config, { employees: values.employees, tenantName: values['tenant-name'] });
    }
    case 'connector':
      return runConnector(config, rest);
    case 'token':
    case 'credential':
    case 'apikey':
      return runCredentialCommand(config, command, rest);
    default:
      process.stderr.write(`Unknown command "${command}".\n\n${usage}\n`);
      return 2;
  }
}

import { parseArgs } from 'node:util';
import { loadConfig } from '../config/env';

/** A command of the CLI as its help shows it: how it is called, and what it does. */
interface CommandHelp {
  name: string;
  synopsis: string;
  about: string;
}

const commands: readonly CommandHelp[] = [
  {
    name: 'start',
    synopsis: 'start',
    about:
      'everything for a laptop: Temporal dev server (when TEMPORAL_ADDRESS is unset),\n' +
      'the embedded database (when DATABASE_URL is unset), migrations, the demo seed,\n' +
      'the worker and the API, in one process tree',
  },
  { name: 'api', synopsis: 'api', about: 'the HTTP API (REST, OpenAPI, reference, MCP)' },
  { name: 'worker', synopsis: 'worker', about: 'a Temporal worker on the task queue' },
  { name: 'migrate', synopsis: 'migrate', about: 'apply database migrations' },
  {
    name: 'seed',
    synopsis: 'seed [--employees N --tenant-name X]',
    about: 'the demo tenants, or a large synthetic tenant for benchmarks',
  },
  {
    name: 'token',
    synopsis: 'token create --email E --name N --scopes a,b [--expires-in 30d]',
    about: 'a personal access token; prints only the secret',
  },
  {
    name: 'credential',
    synopsis: 'credential create --email E --name N --scopes a,b [--expires-in 30d]',
    about: 'an integration credential (ADMIN or OWNER); prints only the secret',
  },
  {
    name: 'apikey',
    synopsis: 'apikey create --email E --name N --scopes people:read,... [--expires-in 30d]',
    about: 'a company API key (OWNER, ADMIN or HR_MANAGER); prints only the secret',
  },
  {
    name: 'connector',
    synopsis: 'connector --base-url URL --pairing-token T --adapter-url URL',
    about:
      'the outbound connector, run in your network: dials out to the service (one\n' +
      'WebSocket, no inbound port) and runs approved MCP calls on the local adapter\n' +
      '(prefer SVC_HR_CONNECTOR_PAIRING_TOKEN: a flag shows in the process list)',
  },
];

const indent = (text: string) => text.replace(/^/gm, ' '.repeat(28));

/** One command's lines of the help: its synopsis, then what it does, indented beneath (or beside, when short). */
function helpOf(command: CommandHelp): string {
  const synopsis = `  ${command.synopsis}`;
  const about = indent(command.about);
  return synopsis.length < 28 ? synopsis.padEnd(28) + about.slice(28) : `${synopsis}\n${about}`;
}

const usage = `svc-hr <command> [options]

Commands:
${commands.map(helpOf).join('\n')}

\`svc-hr <command> --help\` shows one command. Configuration is read from environment variables; see the README.`;

/** The help of one command, as `svc-hr <command> [<sub>] --help` prints it. */
function commandUsage(command: CommandHelp): string {
  return `usage: svc-hr ${command.synopsis}\n\n${indent(command.about).replace(/^ {28}/gm, '  ')}\n\nConfiguration is read from environment variables; see the README.`;
}

const asksForHelp = (args: readonly string[]) => args.some((arg) => arg === '--help' || arg === '-h');

/** Commands that take no arguments: anything after them is refused rather than ignored. */
const takesNoArguments = new Set(['start', 'api', 'worker', 'migrate']);

/** Runs one command; resolves to the process exit code. Only this module reads process.env. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(`${usage}\n`);
    return command ? 0 : 1;
  }
  const known = commands.find((c) => c.name === command);
  // Help is answered before anything starts: `svc-hr migrate --help` must not migrate.
  if (known && asksForHelp(rest)) {
    process.stdout.write(`${commandUsage(known)}\n`);
    return 0;
  }
  if (known && takesNoArguments.has(command) && rest.length > 0) {
    process.stderr.write(`svc-hr ${command} takes no arguments (got ${rest.join(' ')}).\n\n${commandUsage(known)}\n`);
    return 2;
  }
  const config = loadConfig(process.env);
  // Each command is loaded when it runs: help and a mistyped command answer at once, without loading the API,
  // Temporal and Prisma (seconds on a small machine).
  switch (command) {
    case 'start':
      return (await import('./commands/start')).runStart(config);
    case 'api':
      return (await import('./commands/api')).runApi(config);
    case 'worker':
      return (await import('./commands/worker')).runWorker(config);
    case 'migrate':
      return (await import('./commands/migrate')).runMigrate(config);
    case 'seed': {
      const { values } = parseArgs({
        args: rest,
        options: { employees: { type: 'string' }, 'tenant-name': { type: 'string' } },
      });
      const { runSeed } = await import('./commands/seed');
      return runSeed(config, { employees: values.employees, tenantName: values['tenant-name'] });
    }
    case 'connector':
      return (await import('./commands/connector')).runConnector(config, rest);
    case 'token':
    case 'credential':
    case 'apikey':
      return (await import('./commands/credential')).runCredentialCommand(config, command, rest);
    default:
      process.stderr.write(`Unknown command "${command}".\n\n${usage}\n`);
      return 2;
  }
}

#!/usr/bin/env node
'use strict';
/**
 * Stand-in for Prisma's native `schema-engine` binary, which the CLI downloads from a host this project cannot
 * reach (see shared/recipes/prisma-offline.md). The CLI starts it through `PRISMA_SCHEMA_ENGINE_BINARY`:
 *
 *   schemaEngine.js [--datamodels <file>]... [--datasource '{"url":...}']              JSON-RPC on stdin/stdout
 *   schemaEngine.js --datasource '{"url":...}' cli can-connect-to-database|create-database     one-shot
 *
 * Each JSON-RPC request goes to the method of the same name on the WASM build of the engine
 * (@prisma/schema-engine-wasm), which reaches PostgreSQL through @prisma/adapter-pg. Log lines go to stderr as
 * JSON, as the native engine writes them.
 */
const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');
const { randomUUID } = require('node:crypto');
const { URL } = require('node:url');
const pg = require('pg');
const { PrismaPg } = require('@prisma/adapter-pg');
const { bindMigrationAwareSqlAdapterFactory } = require('@prisma/driver-adapter-utils');

// The native engine's "user-facing error" JSON-RPC code; the CLI reads `data`, not this number.
const USER_FACING_ERROR = 4466;
const { WebAssembly } = globalThis;
// PostgreSQL's single-byte `"char"` (catalog columns such as pg_class.relkind) and its array: adapter-pg 7.10.1
// cannot map them to a column type, so the engine's describer queries crash unless they are labelled as text.
const CHAR_AS_TEXT = new Map([
  [18, 25],
  [1002, 1009],
]);

function parseArgs(argv) {
  const args = { datamodels: [], datasource: {}, cli: undefined, version: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--datamodels') args.datamodels.push(argv[++i]);
    else if (arg === '--datasource') args.datasource = JSON.parse(argv[++i]);
    else if (arg === 'cli') args.cli = argv[++i];
    else if (arg === '--version' || arg === '-V') args.version = true;
    else if (arg === '--enabled-preview-features' || arg === '--extension-types') i += 1;
  }
  return args;
}

/** Host, port, user, password and database as separate fields: adapter-pg spreads this config and a
 * `connectionString` would override the shadow database's name. */
function connectionConfig(url) {
  if (!url) throw new Error('No datasource url: set DATABASE_URL (see docs/database.md).');
  const u = new URL(url);
  return {
    host: decodeURIComponent(u.hostname).replace(/^\[(.*)\]$/, '$1') || 'localhost',
    port: u.port ? Number(u.port) : 5432,
    user: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    database: decodeURIComponent(u.pathname.replace(/^\//, '')) || undefined,
  };
}

const quoteIdent = (name) => `"${name.replace(/"/g, '""')}"`;

/** Runs one statement on the server's maintenance database (CREATE/DROP DATABASE cannot run inside the target). */
async function adminQuery(config, sql) {
  const client = new pg.Client({ ...config, database: 'postgres' });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

function relabelCharColumns(queryable) {
  // `performIO` is adapter-pg's private query method (pinned 7.10.1); every queryRaw goes through it.
  if (typeof queryable.performIO !== 'function') throw new Error('adapter-pg internals changed: no performIO');
  const performIO = queryable.performIO.bind(queryable);
  queryable.performIO = async (query) => {
    const result = await performIO(query);
    for (const field of result.fields) field.dataTypeID = CHAR_AS_TEXT.get(field.dataTypeID) ?? field.dataTypeID;
    return result;
  };
  return queryable;
}

function wrapAdapter(adapter) {
  relabelCharColumns(adapter);
  const startTransaction = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (isolationLevel) => relabelCharColumns(await startTransaction(isolationLevel));
  return adapter;
}

/**
 * The migrate adapter factory handed to the WASM engine. Unlike PrismaPg's own `connectToShadowDb`, it drops the
 * shadow database after closing its pool, and WITH (FORCE), so a lingering connection cannot make the drop fail.
 */
class MigrateAdapterFactory {
  constructor(url) {
    this.url = url;
    this.provider = 'postgres';
    this.adapterName = '@prisma/adapter-pg';
    this.shadowDatabases = new Set();
  }

  get config() {
    return connectionConfig(this.url);
  }

  async connect() {
    return wrapAdapter(await new PrismaPg(this.config).connect());
  }

  async connectToShadowDb() {
    const config = this.config;
    const name = `prisma_shadow_${randomUUID().replace(/-/g, '')}`;
    await adminQuery(config, `CREATE DATABASE ${quoteIdent(name)}`);
    this.shadowDatabases.add(name);
    const adapter = wrapAdapter(await new PrismaPg({ ...config, database: name }).connect());
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      await dispose();
      await this.dropShadowDatabase(name);
    };
    return adapter;
  }

  async dropShadowDatabase(name) {
    if (!this.shadowDatabases.delete(name)) return;
    await adminQuery(this.config, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
  }

  async dropLeftoverShadowDatabases() {
    for (const name of [...this.shadowDatabases]) await this.dropShadowDatabase(name);
  }
}

function writeLog(level, message, fields = {}) {
  const line = {
    timestamp: new Date().toISOString(),
    level,
    target: 'schema_engine::logger',
    fields: { message, ...fields },
  };
  process.stderr.write(`${JSON.stringify(line)}\n`);
}

/** The one-shot `cli <command>` mode used by `migrate dev` to make sure the database exists. */
async function runCliCommand(command, url) {
  const config = connectionConfig(url);
  writeLog('INFO', `Starting schema engine CLI command: ${command}`);
  if (command === 'can-connect-to-database') {
    const client = new pg.Client(config);
    try {
      await client.connect();
    } catch (error) {
      // The CLI reads error_code: P1003 makes `migrate dev` create the database, P1001 is "can't reach".
      const errorCode = error.code === '3D000' ? 'P1003' : 'P1001';
      writeLog('ERROR', error.message, { error_code: errorCode });
      return 1;
    }
    await client.end();
    return 0;
  }
  if (command === 'create-database') {
    await adminQuery(config, `CREATE DATABASE ${quoteIdent(config.database)}`);
    return 0;
  }
  writeLog('ERROR', `Unsupported schema engine CLI command: ${command}`, { error_code: 'P1000' });
  return 1;
}

/** Loads the WASM engine as Prisma's own loader does: the package targets bundlers, so instantiate the .wasm here. */
async function loadSchemaEngineClass() {
  const runtime = await import('@prisma/schema-engine-wasm/schema_engine_bg');
  const wasmFile = path.join(path.dirname(require.resolve('@prisma/schema-engine-wasm')), 'schema_engine_bg.wasm');
  const wasmModule = new WebAssembly.Module(fs.readFileSync(wasmFile));
  const instance = new WebAssembly.Instance(wasmModule, { './schema_engine_bg.js': runtime });
  runtime.__wbg_set_wasm(instance.exports);
  instance.exports.__wbindgen_start();
  return runtime;
}

/** The native engine's error shape. Errors our adapter threw reach us as "External error id#N": add their text. */
function toRpcError(error, registry) {
  let message = error instanceof Error ? error.message : String(error);
  const externalId = /External error id#(\d+)/.exec(message)?.[1];
  const external = externalId === undefined ? undefined : registry.consumeError(Number(externalId))?.error;
  if (external) message = message.replace(`External error id#${externalId}`, String(external.message ?? external));
  const errorCode = typeof error?.code === 'string' && /^P\d{4}$/.test(error.code) ? error.code : undefined;
  return {
    code: USER_FACING_ERROR,
    message: 'An error happened. Check the data field for details.',
    data: {
      is_panic: error instanceof WebAssembly.RuntimeError,
      message,
      meta: error?.meta ?? null,
      error_code: errorCode,
    },
  };
}

async function runRpcServer(args) {
  const runtime = await loadSchemaEngineClass();
  const factory = new MigrateAdapterFactory(args.datasource.url);
  if (args.datasource.shadowDatabaseUrl) {
    throw new Error('shadowDatabaseUrl is not supported by scripts/schemaEngine.js: it creates its own shadow db');
  }
  const adapter = bindMigrationAwareSqlAdapterFactory(factory);
  const datamodels = args.datamodels.map((file) => [file, fs.readFileSync(file, 'utf8')]);
  const engine = await runtime.SchemaEngine.new(
    { datamodels: datamodels.length > 0 ? datamodels : undefined },
    (log) => process.stderr.write(`${log}\n`),
    adapter,
  );

  const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
  const pendingPrints = new Map();
  let nextPrintId = 1;
  // The native engine prints `diff` output by asking the CLI to print it (and waits for the ack); the WASM engine
  // returns it instead, so send that request here.
  const print = (content) =>
    new Promise((resolve) => {
      const id = `print-${nextPrintId++}`;
      pendingPrints.set(id, resolve);
      send({ jsonrpc: '2.0', id, method: 'print', params: { content } });
    });

  // evaluateDataLoss/createMigration of the WASM engine cannot use our shadow database themselves: they read the
  // migrations' schema from a cache that diagnoseMigrationHistory fills (`migrate dev` on a database that was
  // behind cached only the applied ones). Fill it for this exact migrations list and retry.
  const withMigrationsSchema = async (params, call) => {
    try {
      return await call();
    } catch (error) {
      if (!String(error?.message).includes('shadow DB must be provided through an external factory')) throw error;
      const { migrationsList, filters } = params;
      await engine.diagnoseMigrationHistory({ migrationsList, optInToShadowDatabase: true, filters });
      return call();
    }
  };

  const methods = {
    version: (params) => engine.version(params ?? undefined),
    getDatabaseVersion: (params) => engine.version(params ?? undefined),
    createDatabase: async () => {
      const { database } = factory.config;
      await adminQuery(factory.config, `CREATE DATABASE ${quoteIdent(database)}`);
      return { databaseName: database };
    },
    evaluateDataLoss: (params) => withMigrationsSchema(params, () => engine.evaluateDataLoss(params)),
    createMigration: (params) => withMigrationsSchema(params, () => engine.createMigration(params)),
    diff: async (params) => {
      const { stdout, exitCode } = await engine.diff(params);
      if (stdout) await print(stdout);
      return { exitCode };
    },
  };

  const handle = async (request) => {
    const method = methods[request.method];
    try {
      let result;
      if (method) result = await method(request.params);
      else if (typeof engine[request.method] === 'function') result = await engine[request.method](request.params);
      else throw new Error(`Method ${request.method} is not supported by scripts/schemaEngine.js`);
      send({ jsonrpc: '2.0', id: request.id, result: result ?? {} });
    } catch (error) {
      send({ jsonrpc: '2.0', id: request.id, error: toRpcError(error, adapter.errorRegistry) });
    }
  };

  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  const inFlight = new Set();
  lines.on('line', (line) => {
    if (line.trim() === '') return;
    const message = JSON.parse(line);
    if (message.method === undefined) {
      pendingPrints.get(message.id)?.();
      pendingPrints.delete(message.id);
      return;
    }
    const work = handle(message).finally(() => inFlight.delete(work));
    inFlight.add(work);
  });
  await new Promise((resolve) => lines.once('close', resolve));
  await Promise.all(inFlight);
  await factory.dropLeftoverShadowDatabases();
  engine.free();
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.version) {
    const runtime = await loadSchemaEngineClass();
    process.stdout.write(`schema-engine-cli ${runtime.version()} (wasm stand-in)\n`);
    return 0;
  }
  if (args.cli) return runCliCommand(args.cli, args.datasource.url);
  await runRpcServer(args);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    writeLog('ERROR', error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);

import pg from 'pg';

/**
 * Creating and dropping whole databases on a PostgreSQL server, for tests and benchmarks. `serverUrl` names the
 * server (postgres://user@host:port, any database path is ignored); statements run on its `postgres` database.
 */

const DATABASE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function checkedName(name: string): string {
  if (!DATABASE_NAME.test(name)) {
    throw new Error(`Invalid database name "${name}": use lower-case letters, digits and _ (at most 63)`);
  }
  return `"${name}"`;
}

/** The URL of database `name` on the server of `serverUrl` (same user, password, host, port and parameters). */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdminClient<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl(serverUrl, 'postgres') });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates database `name`, as a copy of `template` when given. PostgreSQL refuses to copy a template that has
 * open connections, so close every client of the template first.
 */
export async function createDatabase(serverUrl: string, name: string, opts: { template?: string } = {}): Promise<void> {
  const template = opts.template === undefined ? '' : ` TEMPLATE ${checkedName(opts.template)}`;
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${checkedName(name)}${template}`));
}

/** Drops database `name` if it exists, disconnecting its clients (DROP DATABASE ... WITH (FORCE)). */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await withAdminClient(serverUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${checkedName(name)} WITH (FORCE)`),
  );
}

/** Names of the server's databases that start with `prefix`. */
export async function listDatabases(serverUrl: string, prefix: string): Promise<string[]> {
  return withAdminClient(serverUrl, async (client) => {
    const result = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE starts_with(datname, $1) ORDER BY datname`,
      [prefix],
    );
    return result.rows.map((row) => row.datname);
  });
}

/**
 * Runs startEmbeddedPostgres in a plain Node process for test/support/embeddedDatabase.ts: PGlite loads its files with
 * dynamic import(), which jest's module sandbox refuses (without --experimental-vm-modules). Usage:
 * `tsx embeddedPostgresProcess.ts <dataDir> <port>`. Prints `{"url":...}` once listening; stops when stdin ends.
 */
import { startEmbeddedPostgres } from '../../db/embeddedPostgres';

async function main(): Promise<void> {
  const [dataDir, port] = process.argv.slice(2);
  if (dataDir === undefined || port === undefined) throw new Error('usage: embeddedPostgresProcess <dataDir> <port>');
  const server = await startEmbeddedPostgres({ dataDir, port: Number(port) });
  process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
  process.stdin.on('end', () => {
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`${String(error)}\n`);
        process.exit(1);
      },
    );
  });
  process.stdin.resume();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

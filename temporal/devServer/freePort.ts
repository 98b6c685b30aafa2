import net from 'node:net';

/**
 * A TCP port that is free on `host` right now, found by letting the OS pick one for a listener and closing it.
 * Another process could take it before the caller binds it; the callers (dev servers for tests and `start`)
 * fail loudly in that case rather than talking to the wrong server.
 */
export async function findFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port: 0, host }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : undefined;
      server.close(() => (port === undefined ? reject(new Error('the OS assigned no port')) : resolve(port)));
    });
  });
}

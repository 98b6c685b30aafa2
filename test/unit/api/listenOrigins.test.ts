import os from 'node:os';
import { listenOrigins } from '../../../api/cors';

describe('the origins the API listens on (api/cors.ts)', () => {
  it('names a loopback address with its port, and localhost beside it', () => {
    expect([...listenOrigins([{ address: '127.0.0.1', family: 'IPv4', port: 41234 }])]).toEqual([
      'http://127.0.0.1:41234',
      'http://localhost:41234',
    ]);
    expect([...listenOrigins([{ address: '::1', family: 'IPv6', port: 3000 }])]).toEqual([
      'http://[::1]:3000',
      'http://localhost:3000',
    ]);
  });

  it('names another address alone', () => {
    expect([...listenOrigins([{ address: '192.0.2.10', family: 'IPv4', port: 3000 }])]).toEqual([
      'http://192.0.2.10:3000',
    ]);
  });

  it('reads 0.0.0.0 as every IPv4 interface address', () => {
    const ipv4 = Object.values(os.networkInterfaces())
      .flatMap((list) => list ?? [])
      .filter((iface) => iface.family === 'IPv4')
      .map((iface) => `http://${iface.address}:3000`);
    const origins = listenOrigins([{ address: '0.0.0.0', family: 'IPv4', port: 3000 }]);
    expect(origins).toEqual(new Set([...ipv4, 'http://localhost:3000']));
    expect(origins.has('http://127.0.0.1:3000')).toBe(true);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runMigrations } from '../../../db/migrate';
import { readMigrations } from '../../../db/migrationFiles';
import { createPrismaClient } from '../../../db/prismaClient';
import { startEmbeddedServer as startEmbedded, type EmbeddedServer } from '../../support/embeddedDatabase';

describe('startEmbeddedPostgres', () => {
  let dataDir: string;
  let server: EmbeddedServer | undefined;

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-hr-embedded-'));
  });

  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves a database that migrations and the Prisma client use like PostgreSQL', async () => {
    server = await startEmbedded(dataDir);
    expect(server.url).toMatch(/^postgresql:\/\/postgres@127\.0\.0\.1:\d+\/postgres$/);

    const result = await runMigrations(server.url);
    expect(result.applied).toEqual(readMigrations().map((m) => m.name));

    const prisma = createPrismaClient(server.url, { poolMax: 1 });
    const tenant = await prisma.tenant.create({ data: { name: 'Acme', domain: 'acme.test' } });
    await prisma.$transaction(async (tx) => {
      const department = await tx.department.create({ data: { tenantId: tenant.id, name: 'Engineering' } });
      await tx.employee.create({
        data: {
          tenantId: tenant.id,
          employeeNumber: 1,
          name: 'Alice Anders',
          email: 'alice@acme.test',
          departmentId: department.id,
          jobTitle: 'Software Engineer',
          hireDate: new Date('2020-07-15'),
        },
      });
    });
    expect(await prisma.employee.count()).toBe(1);
    await prisma.$disconnect();
    await expect(server.stop()).resolves.toBe(0);
  });

  it('keeps the data in the data folder across a stop and a start', async () => {
    server = await startEmbedded(dataDir);
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    await expect(runMigrations(server.url)).resolves.toEqual({ applied: [] });

    const prisma = createPrismaClient(server.url, { poolMax: 1 });
    const employee = await prisma.employee.findFirstOrThrow({ include: { tenant: true, department: true } });
    expect({ name: employee.name, tenant: employee.tenant.domain, department: employee.department?.name }).toEqual({
      name: 'Alice Anders',
      tenant: 'acme.test',
      department: 'Engineering',
    });
    expect(employee.hireDate.toISOString()).toBe('2020-07-15T00:00:00.000Z');
    await prisma.$disconnect();
  });

  it('serves one connection at a time and refuses a second one', async () => {
    server = await startEmbedded(dataDir);
    const first = new pg.Client({ connectionString: server.url });
    await first.connect();
    const second = new pg.Client({ connectionString: server.url });
    await expect(second.connect()).rejects.toThrow();
    await first.end();

    // Once the first client is gone the next one is served.
    const third = new pg.Client({ connectionString: server.url });
    await third.connect();
    expect((await third.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await third.end();
  });

  it('says which port it could not listen on', async () => {
    server = await startEmbedded(dataDir);
    const port = Number(new URL(server.url).port);
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-hr-embedded-busy-'));
    try {
      await expect(startEmbedded(otherDir, port)).rejects.toThrow(
        `Cannot serve the embedded database on 127.0.0.1:${port}`,
      );
    } finally {
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
  });
});

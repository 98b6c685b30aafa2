import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { loadConfig } from '../../../config/env';

/**
 * No Docker engine runs here, so the deployment files are checked by reading them: every service can be
 * built or pulled, has what it needs in its environment, and the svc-hr services' environments are valid
 * configurations of our own config loader.
 */
interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, unknown> | string[];
  deploy?: { replicas?: number };
}

const root = path.resolve(__dirname, '../../..');
const compose = parse(fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
};
const services = compose.services;

describe('docker-compose.yml', () => {
  it('names the services of a real deployment', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['api', 'migrate', 'postgresql', 'redis', 'temporal', 'temporal-setup', 'temporal-ui', 'worker'].sort(),
    );
  });

  it.each(Object.keys(services))('gives %s an image or a build', (name) => {
    const service = services[name]!;
    expect(Boolean(service.image) || Boolean(service.build)).toBe(true);
  });

  it('builds api, worker and migrate from the repository Dockerfile, whose entry point is the svc-hr CLI', () => {
    for (const name of ['api', 'worker', 'migrate']) expect(services[name]!.build).toBe('.');
    const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/ENTRYPOINT \["node", "bin\/svc-hr\.js"\]/);
    expect(services.api!.command).toEqual(['api']);
    expect(services.worker!.command).toEqual(['worker']);
    expect(services.migrate!.command).toEqual(['migrate']);
  });

  it('ships in the image every folder the CLI reads at run time', () => {
    const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    // Compiled code, the entry point, migrations (svc-hr migrate) and the example app's build (/example/).
    for (const folder of ['dist', 'bin', 'prisma/migrations', 'client/example/dist'])
      expect(runtime).toContain(`COPY --from=build /app/${folder} ./${folder}`);
  });

  it('runs two api replicas', () => {
    expect(services.api!.deploy?.replicas).toBe(2);
  });

  it.each(['api', 'worker', 'migrate'])('gives %s an environment that our config loader accepts', (name) => {
    const env = services[name]!.environment;
    expect(env).toBeDefined();
    const config = loadConfig(env as NodeJS.ProcessEnv, '/app');
    expect(config.database.url).toMatch(/^postgresql:\/\/.+@postgresql:5432\//);
    expect(config.temporal.address).toBe('temporal:7233');
    expect(config.redisUrl).toBe('redis://redis:6379');
  });

  it('listens on all interfaces inside the api container', () => {
    expect(loadConfig(services.api!.environment as NodeJS.ProcessEnv).host).toBe('0.0.0.0');
  });

  it('points Temporal and its UI at services that exist', () => {
    expect(services.temporal!.environment?.POSTGRES_SEEDS).toBe('postgresql');
    expect(services['temporal-ui']!.environment?.TEMPORAL_ADDRESS).toBe('temporal:7233');
  });

  it('depends only on services it defines', () => {
    for (const [name, service] of Object.entries(services)) {
      const deps = Array.isArray(service.depends_on) ? service.depends_on : Object.keys(service.depends_on ?? {});
      for (const dep of deps)
        expect({ service: name, dependsOn: dep, exists: dep in services }).toEqual({
          service: name,
          dependsOn: dep,
          exists: true,
        });
    }
  });

  it('registers every search attribute that runs need', async () => {
    const { searchAttributes } = await import('../../../workflows/searchAttributes');
    const command = (services['temporal-setup']!.command ?? []).join(' ');
    for (const attribute of searchAttributes) expect(command).toContain(attribute.name);
  });
});

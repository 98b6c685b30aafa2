/**
 * Prisma CLI configuration (Prisma 7 reads the datasource url here, not from schema.prisma). Run the CLI through
 * `node scripts/prismaGenerate.js ...` so it uses the offline schema-engine stand-in (docs/database.md).
 */
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: {
    // `generate` needs no database: the fallback only has to be a valid PostgreSQL URL. Migration commands need
    // DATABASE_URL set to a dev database (the role needs CREATEDB for the shadow database).
    url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/svc_hr_dev',
  },
});

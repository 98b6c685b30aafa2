/**
 * Jest runs TypeScript through SWC (fast, no type check: `npm run typecheck` does that).
 * Two projects: `unit` (pure logic, nothing started) and `integration` (test/integration and test/e2e), whose
 * global setup starts a real Temporal dev server and prepares a template database on the real PostgreSQL.
 * `npx jest --selectProjects unit` runs the fast half alone.
 */
const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
  ],
};

// ESM-only packages that jest (CommonJS) must compile: the reference page renderer and its helpers.
const transformIgnorePatterns = ['/node_modules/(?!(@scalar|github-slugger|cookie)/)'];

/** @type {import('jest').Config} */
module.exports = {
  testTimeout: 120000,
  maxWorkers: 2,
  testSequencer: '<rootDir>/test/support/slowFirstSequencer.js',
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      roots: ['<rootDir>/test/unit'],
      testMatch: ['**/*.test.ts'],
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      roots: ['<rootDir>/test/integration', '<rootDir>/test/e2e'],
      testMatch: ['**/*.test.ts'],
      transform,
      transformIgnorePatterns,
      globalSetup: '<rootDir>/test/support/globalSetup.ts',
      globalTeardown: '<rootDir>/test/support/globalTeardown.ts',
    },
  ],
};

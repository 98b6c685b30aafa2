import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import { boundaryZones } from './eslint.boundaries.mjs';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'db/generated/',
      '.data/',
      '.temporal/',
      'coverage/',
      'test-results/',
      'bench/results/',
      'client/dist/',
      'client/example/dist/',
      'client/src/generated/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['prisma.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/ignore': ['node_modules'],
      // Resolves our relative imports to their .ts files, so that the path rules below see where an import goes.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones, basePath: import.meta.dirname }],
    },
  },
  {
    // Workflows must stay deterministic: only @temporalio/workflow and our own type-only modules.
    files: ['workflows/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'crypto', 'http', 'https', 'os', 'child_process', 'net'],
              message: 'Workflows may not do I/O: use an activity.',
            },
            {
              group: ['@prisma/*', '../db/*', '../../db/*', 'pg', 'uuid', 'zod'],
              message: 'Workflows may not import I/O or non-deterministic libraries.',
            },
            {
              group: ['@temporalio/*', '!@temporalio/workflow', '!@temporalio/common'],
              message: 'Workflows import only @temporalio/workflow.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'fetch', 'setTimeout', 'setInterval', 'process'],
      'no-restricted-properties': [
        'error',
        {
          object: 'Date',
          property: 'now',
          message: 'Use workflow time: Date in workflows is replayed; prefer sleep/condition.',
        },
        { object: 'Math', property: 'random', message: 'Use uuid4() from @temporalio/workflow.' },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: {
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        console: 'readonly',
        __dirname: 'readonly',
        __filename: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);

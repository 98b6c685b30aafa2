#!/usr/bin/env node
// Lints texts as if they stood at paths of this tree, with the folder-boundary rule only (eslint.boundaries.mjs):
// stdin is a JSON array of `{ path, code }`, stdout the JSON array of each one's ESLint messages. The tree's own lint
// (eslint.config.mjs) needs type information, which a file that is not on disk cannot have; this rule does not.
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import { boundaryZones } from '../eslint.boundaries.mjs';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tseslint.parser },
      plugins: { 'import-x': importX },
      settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })] },
      rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaryZones, basePath: root }] },
    },
  ],
});
const cases = JSON.parse(fs.readFileSync(0, 'utf8'));
const messages = [];
for (const { path: at, code } of cases) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, at) });
  messages.push(result.messages);
}
process.stdout.write(JSON.stringify(messages));

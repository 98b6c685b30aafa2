import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The example app, built into client/example/dist and served by `svc-hr start` at /example/ (registry operations
// get_example_page and get_example_asset). It imports the client from its sources, as a consumer imports the package.
const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  base: '/example/',
  resolve: {
    alias: [
      { find: /^@svc-hr\/client\/react$/, replacement: path.resolve(here, '../src/react/index.ts') },
      { find: /^@svc-hr\/client$/, replacement: path.resolve(here, '../src/index.ts') },
    ],
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  logLevel: 'warn',
});

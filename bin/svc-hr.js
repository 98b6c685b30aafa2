#!/usr/bin/env node
// The svc-hr command. Runs the compiled CLI (npm run build produces dist/).
require('../dist/cli/main.js')
  .main(process.argv.slice(2))
  .then(
    (code) => {
      if (typeof code === 'number') process.exitCode = code;
    },
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exitCode = 1;
    },
  );

import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A stand-in for the `go` tool (an external program, not ours) for tests of building the Temporal CLI: it
 * answers `go version` with FAKE_GO_VERSION (default go1.26.0), and `go install` appends a line to
 * FAKE_GO_LOG, takes FAKE_GO_DELAY_MS (a slow build), then writes a `temporal` that answers `--version` into
 * GOBIN, or, with FAKE_GO_FAIL=1, writes half a binary and fails. Written in Node with an absolute shebang so it
 * runs with a PATH that holds nothing but itself.
 */
export async function writeFakeGo(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const fakeTemporal = `#!${process.execPath}\nconsole.log('temporal version 0.0.0-fake (Server 1.29.1, UI 2.42.1)');\n`;
  const script = `#!${process.execPath}
const fs = require('node:fs');
const path = require('node:path');
const [command] = process.argv.slice(2);
if (command === 'version') {
  console.log('go version ' + (process.env.FAKE_GO_VERSION || 'go1.26.0') + ' linux/amd64');
  process.exit(0);
}
if (command !== 'install') {
  console.error('fake go: unexpected command ' + command);
  process.exit(2);
}
fs.appendFileSync(process.env.FAKE_GO_LOG, 'install ' + process.argv[3] + ' pid ' + process.pid + '\\n');
setTimeout(() => {
  const target = path.join(process.env.GOBIN, 'temporal');
  if (process.env.FAKE_GO_FAIL === '1') {
    fs.writeFileSync(target, 'half a binary');
    console.error('fake go: link failed: out of memory');
    process.exit(1);
  }
  fs.writeFileSync(target, ${JSON.stringify(fakeTemporal)});
  fs.chmodSync(target, 0o755);
}, Number(process.env.FAKE_GO_DELAY_MS || 0));
`;
  const goPath = path.join(dir, 'go');
  await writeFile(goPath, script);
  await chmod(goPath, 0o755);
  return goPath;
}

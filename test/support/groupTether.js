// Ties a detached process group to the test process that started it: when that process ends, however it ends (jest
// killed by a CI step's timeout, Ctrl-C, even SIGKILL), the group is killed. Plain JavaScript, so that it runs as
// its own process without tsx and a test's child script can require it.
//
// required: tetherToThisProcess(child) starts `node groupTether.js <pgid>`, in a group of its own, with its stdin a
// pipe from this process (the kernel closes it when this process dies); it keeps neither this process alive nor
// itself once the group is gone.
// run: reads stdin; on its end kills the group with SIGKILL; exits by itself when the group is gone.
const { spawn } = require('node:child_process');

function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function tetherToThisProcess(child) {
  if (child.pid === undefined) return;
  const tether = spawn(process.execPath, [__filename, String(child.pid)], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  tether.unref();
  tether.stdin.unref();
}

function runTether(pgid) {
  const endGroup = () => {
    if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
    process.exit(0);
  };
  process.stdin.on('data', () => undefined);
  process.stdin.on('end', endGroup);
  process.stdin.on('close', endGroup);
  setInterval(() => {
    if (!groupAlive(pgid)) process.exit(0);
  }, 2_000);
}

if (require.main === module) {
  const pgid = Number(process.argv[2]);
  if (!Number.isInteger(pgid) || pgid <= 1) process.exit(2);
  runTether(pgid);
} else {
  module.exports = { tetherToThisProcess };
}

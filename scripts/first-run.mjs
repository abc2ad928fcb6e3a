// A newcomer's first minutes, measured (issue 40): clones this repository fresh, runs the README's two commands
// (`npm install`, `npm start`) and records the install's time and warnings, the time from `npm start` to the first
// 200 of the home page, and the same for a second start on the same clone.
//
//   node scripts/first-run.mjs [--port 5099] [--keep]
//
// The clone takes the committed state of HEAD (what a newcomer gets), in a temporary folder removed at the end
// unless --keep is given.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const port = args.includes('--port') ? Number(args[args.indexOf('--port') + 1]) : 5099;
const keep = args.includes('--keep');
const dir = mkdtempSync(join(tmpdir(), 'first-run-'));
const clone = join(dir, 'app');

const seconds = (from) => ((performance.now() - from) / 1000).toFixed(1);

function run(command, argv, cwd) {
  const from = performance.now();
  const result = spawnSync(command, argv, { cwd, encoding: 'utf8', env: { ...process.env, CI: '' } });
  if (result.status !== 0) {
    throw new Error(`${command} ${argv.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  }
  return { took: seconds(from), output: `${result.stdout}\n${result.stderr}` };
}

/** Starts `npm start` and answers the seconds until GET / answered 200, then stops it with SIGINT. */
async function timeToFirst200() {
  const from = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: clone,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${stderr}`);
      const ok = await fetch(`http://127.0.0.1:${port}/`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return seconds(from);
      if (performance.now() - from > 180_000) throw new Error(`no 200 in 180 s:\n${stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid, 'SIGINT');
      await exited;
    }
  }
}

try {
  run('git', ['clone', '--quiet', root, clone]);
  const install = run('npm', ['install'], clone);
  const warnings = install.output.split('\n').filter((line) => /\bwarn\b|WARN/.test(line));
  const first = await timeToFirst200();
  const second = await timeToFirst200();
  console.log(`npm install:                 ${install.took} s, ${warnings.length} warning lines`);
  for (const line of warnings) console.log(`  ${line}`);
  console.log(`npm start, first 200:        ${first} s (build and demo network included)`);
  console.log(`npm start again, first 200:  ${second} s`);
  console.log(`install and first start:     ${(Number(install.took) + Number(first)).toFixed(1)} s`);
} finally {
  if (keep) console.log(`clone kept in ${clone}`);
  else rmSync(dir, { recursive: true, force: true });
}

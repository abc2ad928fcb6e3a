// `npm start`: builds when the sources are newer than the last build, then runs the production server in
// this same process (so SIGINT/SIGTERM reach it directly and it closes the embedded database cleanly).
//
// A build here does not make the server wait for all of it (ADR 067): the server bundle is built first (under a
// second), the client is built by a child process at a lower priority while the server opens its database, and the
// server waits for the client only before it takes requests. The client's Brotli copies are written after that;
// the build counts as done (its stamp written) when they are.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join, resolve } from 'node:path';
import { buildServer, CLIENT_STAMP, root, writeStamp } from './build-steps.mjs';

const out = resolve(root, process.env.BUILD_OUT_DIR ?? 'dist');

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

const inputs = ['src', 'package-lock.json', 'vite.config.ts', 'scripts/build.mjs', 'scripts/build-steps.mjs'].map((p) =>
  join(root, p),
);
const stampedAt = (name) => (existsSync(join(out, name)) ? statSync(join(out, name)).mtimeMs : 0);
const newestInput = Math.max(...inputs.map(newest));

/** Lowering a child's priority is a courtesy; where it is not allowed the child runs all the same. */
function lowerPriority(child) {
  try {
    setPriority(child.pid, 10);
  } catch {
    // not allowed here: the child keeps the server's priority
  }
}

if (newestInput > stampedAt('.build-stamp') && newestInput <= stampedAt(CLIENT_STAMP)) {
  // The bundle is whole, but a start was stopped while it wrote the Brotli copies (ADR 100): only those are
  // written, beside this start and at a lower priority; the server sends the `.gz` copies until they exist.
  lowerPriority(
    spawn(process.execPath, [join(root, 'scripts/build.mjs'), '--brotli'], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, BUILD_OUT_DIR: out },
    }),
  );
} else if (newestInput > stampedAt('.build-stamp')) {
  const started = performance.now();
  rmSync(out, { recursive: true, force: true });
  await buildServer(out);
  const client = spawn(process.execPath, [join(root, 'scripts/build.mjs'), '--client'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, BUILD_OUT_DIR: out },
  });
  // The build runs at a lower priority from its start (ADR 100): the server's one thread opening the database
  // and loading the demo network is the longer road to the first page, and the build's threads took the cores
  // from it.
  lowerPriority(client);
  let ready = false;
  // The server (src/server/server.ts) awaits this before it serves the client's pages.
  const clientBuild = new Promise((resolveReady, reject) => {
    client.on('message', (message) => {
      if (message !== 'client-ready') return;
      ready = true;
      console.log(`client built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      resolveReady();
    });
    client.on('exit', (code, signal) => {
      if (code === 0) return writeStamp(out);
      // Interrupted (Ctrl-C reaches both processes): the server closes itself; the next start builds again.
      if (signal !== null) return reject(new Error(`the client's build stopped (${signal})`));
      console.error(`the client's build failed (exit ${code})${ready ? '; the next start builds again' : ''}`);
      if (!ready) process.exit(code ?? 1);
    });
  });
  clientBuild.catch(() => undefined);
  globalThis[Symbol.for('app.clientBuild')] = clientBuild;
}

await import(join(out, 'server/server.js'));

// `npm start`: builds when the sources are newer than the last build, then runs the production server in
// this same process (so SIGINT/SIGTERM reach it directly and it closes the embedded database cleanly).
import { chmodSync, existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = resolve(root, process.env.BUILD_OUT_DIR ?? 'dist');
const stamp = join(out, '.build-stamp');

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

/**
 * A first start on the embedded database creates its cluster (PostgreSQL's initdb, inside WebAssembly: seconds of
 * one core) while the build runs on the other (issue 40). It is made beside DATA_DIR/db and moved in place only
 * once complete, so an interrupted start leaves nothing half made; the server then opens it, migrates and loads.
 */
async function createEmbeddedCluster() {
  if (process.env.DATABASE_URL) return;
  const dataDir = resolve(process.env.DATA_DIR || './data');
  const dir = join(dataDir, 'db');
  if (existsSync(dir) && readdirSync(dir).length > 0) return;
  const partial = join(dataDir, `db.creating-${process.pid}`);
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = new PGlite({ dataDir: partial });
  await pglite.waitReady;
  await pglite.close();
  // PGlite writes a new cluster's files world-readable whatever the umask: private before they are in place, as
  // the server's makePrivate (src/server/db/private-files.ts) would make them at its start, with a warning.
  const privatise = (path) => {
    const directory = statSync(path).isDirectory();
    chmodSync(path, directory ? 0o700 : 0o600);
    if (directory) for (const name of readdirSync(path)) privatise(join(path, name));
  };
  privatise(partial);
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
}

const inputs = ['src', 'package-lock.json', 'vite.config.ts', 'scripts/build.mjs'].map((p) => join(root, p));
const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
if (Math.max(...inputs.map(newest)) > builtAt) {
  const child = spawn(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  const built = new Promise((done) => child.once('exit', (code, signal) => done(code ?? (signal ? 1 : 0))));
  // Every file this process creates is the server user's alone (the server sets the same umask for its own).
  process.umask(0o077);
  await createEmbeddedCluster();
  const status = await built;
  if (status !== 0) process.exit(status);
}

await import(join(out, 'server/server.js'));

// `npm start`: builds when the sources are newer than the last build, then runs the production server in
// this same process (so SIGINT/SIGTERM reach it directly and it closes the embedded database cleanly).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = resolve(root, process.env.BUILD_OUT_DIR ?? 'dist');
const stamp = join(out, '.build-stamp');

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

const inputs = ['src', 'package-lock.json', 'vite.config.ts', 'scripts/build.mjs'].map((p) => join(root, p));
const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
if (Math.max(...inputs.map(newest)) > builtAt) {
  const result = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(join(out, 'server/server.js'));

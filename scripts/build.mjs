// `npm run build`: the production bundle -- the React client with Vite into dist/client with its pre-compressed
// copies, the server with esbuild into dist/server beside its migrations and database functions (steps in
// build-steps.mjs).
//
// `node scripts/build.mjs --client` builds the client alone, for `npm start` (scripts/start.mjs), which runs it
// beside the starting server: it tells its parent when the client can be served (after the .gz copies) and then
// writes the Brotli copies, which the server sends as soon as they exist (ADR 067). `--brotli` writes only those,
// for a start that finds the bundle whole but its copies cut short (ADR 100).
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildClient, buildServer, CLIENT_STAMP, compressClient, root, writeStamp } from './build-steps.mjs';

// BUILD_OUT_DIR lets parallel runs (several e2e suites at once) build side by side; the default is dist/.
const out = resolve(root, process.env.BUILD_OUT_DIR ?? 'dist');
const started = performance.now();

if (process.argv.includes('--client')) {
  await buildClient(out);
  await compressClient(out, 'gz');
  writeStamp(out, CLIENT_STAMP);
  process.send?.('client-ready');
  await compressClient(out, 'br');
} else if (process.argv.includes('--brotli')) {
  await compressClient(out, 'br');
  writeStamp(out);
} else {
  rmSync(out, { recursive: true, force: true });
  await Promise.all([buildClient(out), buildServer(out)]);
  await compressClient(out, 'gz');
  await compressClient(out, 'br');
  writeStamp(out);
  console.log(`build finished in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

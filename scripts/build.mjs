// Builds the production bundle: the React client with Vite into dist/client, the server with esbuild into
// dist/server (dependencies stay in node_modules), and the committed migrations and function files (ADR 061) beside
// the server bundle.
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompress, constants, gzip as gzipCompress } from 'node:zlib';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';

import { resolve } from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));
// BUILD_OUT_DIR lets parallel runs (several e2e suites at once) build side by side; the default is dist/.
const out = resolve(root, process.env.BUILD_OUT_DIR ?? 'dist');
const started = performance.now();

rmSync(out, { recursive: true, force: true });
await viteBuild({ configFile: `${root}vite.config.ts`, logLevel: 'warn', build: { outDir: `${out}/client` } });
await esbuild({
  entryPoints: [`${root}src/server/server.ts`],
  outfile: `${out}/server/server.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
// Pre-compressed copies of the client (.br and .gz), served as they are: the public pages are opened on phones.
// Brotli at its best quality is most of a build's time (about 5 s of 9 for 2.6 MB); the files are compressed at
// once on libuv's thread pool, so every core works on them (issue 40).
const compressible = /\.(js|css|html|svg|json|txt)$/;
const files = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(path).isDirectory()) return files(path);
    return compressible.test(name) && statSync(path).size > 1024 ? [path] : [];
  });
const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCompress);
await Promise.all(
  files(`${out}/client`)
    .sort((a, b) => statSync(b).size - statSync(a).size)
    .map(async (path) => {
      const content = readFileSync(path);
      const [br, gz] = await Promise.all([
        brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip(content, { level: 9 }),
      ]);
      writeFileSync(`${path}.br`, br);
      writeFileSync(`${path}.gz`, gz);
    }),
);
mkdirSync(`${out}/server`, { recursive: true });
cpSync(`${root}src/server/db/migrations`, `${out}/server/migrations`, { recursive: true });
cpSync(`${root}src/server/db/functions`, `${out}/server/functions`, { recursive: true });
writeFileSync(`${out}/.build-stamp`, new Date().toISOString());
console.log(`build finished in ${((performance.now() - started) / 1000).toFixed(1)} s`);

// Builds the production bundle: the React client with Vite into dist/client, the server with esbuild into
// dist/server (dependencies stay in node_modules), and the committed migrations and database functions beside the server bundle.
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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
const compressible = /\.(js|css|html|svg|json|txt)$/;
const compress = (dir) => {
  for (const name of readdirSync(dir)) {
    const path = `${dir}/${name}`;
    if (statSync(path).isDirectory()) compress(path);
    else if (compressible.test(name) && statSync(path).size > 1024) {
      const content = readFileSync(path);
      writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
    }
  }
};
compress(`${out}/client`);
mkdirSync(`${out}/server`, { recursive: true });
cpSync(`${root}src/server/db/migrations`, `${out}/server/migrations`, { recursive: true });
// The database's functions, one file each (ADR 061), applied at every start beside the migrations.
cpSync(`${root}src/server/db/functions`, `${out}/server/functions`, { recursive: true });
writeFileSync(`${out}/.build-stamp`, new Date().toISOString());
console.log(`build finished in ${((performance.now() - started) / 1000).toFixed(1)} s`);

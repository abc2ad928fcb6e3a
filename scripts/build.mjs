// Builds the production bundle: the React client with Vite into dist/client, the server with esbuild into
// dist/server (dependencies stay in node_modules), and the committed migrations beside the server bundle.
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
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
mkdirSync(`${out}/server`, { recursive: true });
cpSync(`${root}src/server/db/migrations`, `${out}/server/migrations`, { recursive: true });
writeFileSync(`${out}/.build-stamp`, new Date().toISOString());
console.log(`build finished in ${((performance.now() - started) / 1000).toFixed(1)} s`);

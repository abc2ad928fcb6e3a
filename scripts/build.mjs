// Builds the production bundle: the React client with Vite into dist/client, the server with esbuild into
// dist/server (dependencies stay in node_modules), and the committed migrations beside the server bundle.
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = performance.now();

rmSync(`${root}dist`, { recursive: true, force: true });
await viteBuild({ configFile: `${root}vite.config.ts`, logLevel: 'warn' });
await esbuild({
  entryPoints: [`${root}src/server/server.ts`],
  outfile: `${root}dist/server/server.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
mkdirSync(`${root}dist/server`, { recursive: true });
cpSync(`${root}src/server/db/migrations`, `${root}dist/server/migrations`, { recursive: true });
writeFileSync(`${root}dist/.build-stamp`, new Date().toISOString());
console.log(`build finished in ${((performance.now() - started) / 1000).toFixed(1)} s`);

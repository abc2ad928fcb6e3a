// The production bundle's steps, shared by `npm run build` (scripts/build.mjs: all of them, in order) and
// `npm start` (scripts/start.mjs: the client is built beside the starting server, its Brotli copies after it
// answers; ADR 067).
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** The server with esbuild into out/server (dependencies stay in node_modules), with its migrations and functions. */
export async function buildServer(out) {
  const { build } = await import('esbuild');
  await build({
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
  // The database's functions, one file each (ADR 061), applied at every start beside the migrations.
  cpSync(`${root}src/server/db/functions`, `${out}/server/functions`, { recursive: true });
}

/** The React client with Vite into out/client, and the staff app's service worker beside it. */
export async function buildClient(out) {
  const { build } = await import('vite');
  await build({ configFile: `${root}vite.config.ts`, logLevel: 'warn', build: { outDir: `${out}/client` } });
  await buildServiceWorker(out);
}

/**
 * The modules whose chunks the service worker keeps (issue 49): the entry, the staff application, the signed-in
 * layout, the toasts, and the check-in screen with what it loads later (the QR reader), so the door works with no
 * signal.
 */
const APP_SHELL_MODULES = ['index.html', 'app/staff-app.tsx', 'app/routes/app/root.tsx', 'components/ui/toaster.tsx'];
const OFFLINE_SCREENS = ['app/routes/app/evento-check-in.tsx'];
/** Files of src/client/public the installed app shows with no signal. */
const PUBLIC_FILES = [
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/maskable-512.png',
];

/** The files to keep, read from Vite's build manifest: each module's chunk, its static imports and their CSS. */
export function precacheList(manifest) {
  const files = new Set(['/', ...PUBLIC_FILES]);
  const seen = new Set();
  const walk = (key, withDynamic) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) files.add(`/${css}`);
    for (const asset of chunk.assets ?? []) files.add(`/${asset}`);
    for (const imported of chunk.imports ?? []) walk(imported, withDynamic);
    if (withDynamic) for (const imported of chunk.dynamicImports ?? []) walk(imported, false);
  };
  for (const key of APP_SHELL_MODULES) {
    if (!manifest[key]) throw new Error(`the service worker's module ${key} is not in Vite's manifest`);
    walk(key, false);
  }
  for (const key of OFFLINE_SCREENS) {
    if (!manifest[key]) throw new Error(`the offline screen ${key} is not in Vite's manifest`);
    walk(key, true);
  }
  return [...files].sort();
}

/** out/client/sw.js: src/client/sw/service-worker.ts with its list of files and a version named after them. */
export async function buildServiceWorker(out) {
  const manifest = JSON.parse(readFileSync(`${out}/client/.vite/manifest.json`, 'utf8'));
  const precache = precacheList(manifest);
  const version = createHash('sha256').update(JSON.stringify(precache)).digest('hex').slice(0, 12);
  const { build } = await import('esbuild');
  await build({
    entryPoints: [`${root}src/client/sw/service-worker.ts`],
    outfile: `${out}/client/sw.js`,
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify: true,
    logLevel: 'warning',
    define: { __SW_VERSION__: JSON.stringify(version), __SW_PRECACHE__: JSON.stringify(precache) },
  });
}

const compressible = /\.(js|css|html|svg|json|txt)$/;

function compressibleFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(path).isDirectory()) return compressibleFiles(path);
    return compressible.test(name) && statSync(path).size > 1024 ? [path] : [];
  });
}

/**
 * Pre-compressed copies of the client, served as they are (the public pages are opened on phones): `.gz` or `.br`
 * beside each file. Each copy is written under a temporary name and renamed, so a server already serving the
 * folder never sends half a file. The files are compressed side by side on libuv's threads.
 */
export async function compressClient(out, encoding) {
  const compress =
    encoding === 'br'
      ? (content) =>
          promisify(brotliCompress)(content, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
          })
      : (content) => promisify(gzip)(content, { level: 9 });
  await Promise.all(
    compressibleFiles(`${out}/client`).map(async (path) => {
      const compressed = await compress(readFileSync(path));
      writeFileSync(`${path}.${encoding}.tmp`, compressed);
      renameSync(`${path}.${encoding}.tmp`, `${path}.${encoding}`);
    }),
  );
}

/** Written last: `npm start` rebuilds when a source is newer than it (ADR 010). */
export function writeStamp(out, name = '.build-stamp') {
  writeFileSync(`${out}/${name}`, new Date().toISOString());
}

/**
 * Written by `npm start`'s client build once the client and its `.gz` copies are there (ADR 100): a start stopped
 * before the Brotli copies were all written finds the bundle whole, and writes only those.
 */
export const CLIENT_STAMP = '.client-stamp';

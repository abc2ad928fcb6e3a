import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, ROOT, send, sleep, startServer, type ServerProcess } from '../support/server-process';

/**
 * A newcomer's first `npm start` (issue 40, ADR 067): with no build yet, scripts/start.mjs builds the server, builds
 * the client beside the server opening its database, serves the pages once the client is there, and writes the
 * client's Brotli copies afterwards -- each whole or not at all -- before it stamps the build. A second start on
 * the same build builds nothing; one that finds the bundle whole but its Brotli copies cut short (the first start
 * stopped right after its first page) writes only those (ADR 100).
 */

// Inside the project, as dist/ is: the server bundle finds its packages in node_modules.
mkdirSync(join(ROOT, '.builds'), { recursive: true });
const out = mkdtempSync(join(ROOT, '.builds', 'first-start-'));
const dataDir = mkdtempSync(join(tmpdir(), 'first-start-data-'));
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop('SIGKILL');
  removeDir(out);
  removeDir(dataDir);
});

const startScript = join(ROOT, 'scripts/start.mjs');
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );

describe('npm start on a clone with no build', () => {
  it('builds, answers the pages whole, then writes every Brotli copy and stamps the build', async () => {
    server = await startServer({ script: startScript, env: { BUILD_OUT_DIR: out, DATA_DIR: dataDir } });
    expect(server.stdout.some((line) => line.startsWith('client built in'))).toBe(true);

    const page = await send(server.baseUrl, { path: '/' });
    expect(page.status).toBe(200);
    const script = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(page.body)?.[1];
    expect(script).toBeDefined();
    // Whatever the copies' progress, the browser gets the whole script.
    const plain = await send(server.baseUrl, { path: script!, headers: { 'accept-encoding': 'identity' } });
    const brotli = await send(server.baseUrl, { path: script!, headers: { 'accept-encoding': 'br' } });
    expect(plain.status).toBe(200);
    expect(Buffer.byteLength(plain.body)).toBe(statSync(join(out, 'client', script!)).size);
    expect(brotli.status).toBe(200);

    const stamp = join(out, '.build-stamp');
    for (let waited = 0; !existsSync(stamp) && waited < 120_000; waited += 250) await sleep(250);
    expect(existsSync(stamp)).toBe(true);
    const files = filesUnder(join(out, 'client'));
    expect(files.filter((file) => file.endsWith('.tmp'))).toEqual([]);
    const scripts = files.filter((file) => file.endsWith('.js') && !file.includes('/.vite/'));
    expect(scripts.length).toBeGreaterThan(10);
    // Files of 1 KB or less are sent as they are; every other one has both copies.
    const withoutCopy = scripts.filter(
      (file) => statSync(file).size > 1024 && (!files.includes(`${file}.br`) || !files.includes(`${file}.gz`)),
    );
    expect(withoutCopy).toEqual([]);
    const served = await send(server.baseUrl, { path: script!, headers: { 'accept-encoding': 'br' } });
    expect(served.headers['content-encoding']).toBe('br');
    expect(await server.stop('SIGTERM')).toBe(0);

    server = await startServer({ script: startScript, env: { BUILD_OUT_DIR: out, DATA_DIR: dataDir } });
    expect(server.stdout.some((line) => line.startsWith('client built in'))).toBe(false);
    expect((await send(server.baseUrl, { path: '/' })).status).toBe(200);
    expect(await server.stop('SIGTERM')).toBe(0);
  });

  it('after a start stopped while it wrote the Brotli copies, the next one writes only those', async () => {
    // What a start stopped right after its first page leaves: the client and its .gz copies, no Brotli, no stamp.
    const stamp = join(out, '.build-stamp');
    rmSync(stamp);
    const copies = filesUnder(join(out, 'client')).filter((file) => file.endsWith('.br'));
    expect(copies.length).toBeGreaterThan(10);
    for (const file of copies) rmSync(file);
    const bundle = statSync(join(out, 'server', 'server.js')).mtimeMs;

    server = await startServer({ script: startScript, env: { BUILD_OUT_DIR: out, DATA_DIR: dataDir } });
    expect(server.stdout.some((line) => line.startsWith('client built in'))).toBe(false);
    expect(statSync(join(out, 'server', 'server.js')).mtimeMs).toBe(bundle);
    expect((await send(server.baseUrl, { path: '/' })).status).toBe(200);

    for (let waited = 0; !existsSync(stamp) && waited < 120_000; waited += 250) await sleep(250);
    expect(existsSync(stamp)).toBe(true);
    const files = filesUnder(join(out, 'client'));
    expect(copies.filter((file) => !files.includes(file))).toEqual([]);
    expect(files.filter((file) => file.endsWith('.tmp'))).toEqual([]);
    expect(await server.stop('SIGTERM')).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startPrivatePostgres, startStandby, type PrivatePostgres } from '../support/private-postgres';
import { freePort, loginCookie, send, sleep, startServer, type ServerProcess } from '../support/server-process';

/**
 * Reads from a streaming replica (issue 46), on a real pair of private clusters: a primary and a hot standby made
 * from its base backup. The production server reads the Cursos list from the standby -- seen by pausing its replay
 * and reading a title the primary has changed since -- while a caller who has just written reads from the primary;
 * a standby whose replay stays paused past DATABASE_REPLICA_MAX_LAG_MS, or that is stopped, is skipped without an
 * error to anyone, and read from again once it has caught up or is back.
 */

const MAX_LAG_MS = 5000;
const CLIENTE = 'cliente@demo.com.br';

let primary: PrivatePostgres | undefined;
let standby: PrivatePostgres | undefined;
let server: ServerProcess | undefined;
let metricsPort: number;

beforeAll(async () => {
  primary = await startPrivatePostgres();
  standby = await startStandby(primary);
  metricsPort = await freePort();
  server = await startServer({
    env: {
      NODE_ENV: 'development',
      DEMO_DATA: '1',
      DEMO_ATIVIDADE: '0',
      DATABASE_URL: primary.url,
      DATABASE_REPLICA_URL: standby.url,
      DATABASE_REPLICA_MAX_LAG_MS: String(MAX_LAG_MS),
      METRICS_PORT: String(metricsPort),
    },
    readyTimeoutMs: 180_000,
  });
});
afterAll(async () => {
  await server?.stop('SIGKILL');
  standby?.destroy();
  primary?.destroy();
});

/** One statement on a cluster, on a connection of its own. */
async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function metrics(): Promise<{ inUse: number; replicaReads: number; primaryReads: number }> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const figure = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? NaN);
  return {
    inUse: figure(/^db_replica_in_use (\d+)$/m),
    replicaReads: figure(/^db_reads_total\{database="replica"\} (\d+)$/m),
    primaryReads: figure(/^db_reads_total\{database="primary"\} (\d+)$/m),
  };
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await sleep(100);
  }
}

const inUse = async () => (await metrics()).inUse === 1;
const logged = (text: string) => server!.stdout.some((line) => line.includes(text));

/** The Cursos list's titles (matching `q`), with the caller's cookies; the answer must be a 200. */
async function titles(cookie: string, q?: string): Promise<string[]> {
  const path = q === undefined ? '/api/cursos' : `/api/cursos?q=${encodeURIComponent(q)}`;
  const answer = await send(server!.baseUrl, { path, cookie });
  expect(answer.status, answer.body).toBe(200);
  return (JSON.parse(answer.body) as { titulo: string }[]).map((c) => c.titulo);
}

describe('a streaming replica under the production server', () => {
  it('reads lists from the replica, a caller’s own writes from the primary, and skips a lagging replica', async () => {
    const { baseUrl } = server!;
    await until('the replica in use', inUse);
    expect(logged('read replica in use')).toBe(true);
    // Two sessions of the same school: one writes, the other only reads.
    const writer = await loginCookie(baseUrl, CLIENTE);
    const reader = await loginCookie(baseUrl, CLIENTE);
    const [curso] = JSON.parse((await send(baseUrl, { path: '/api/cursos', cookie: reader })).body) as {
      id: string;
      titulo: string;
    }[];
    expect(curso).toBeDefined();

    // Replay paused: the standby keeps what it had. A change made on the primary by someone else...
    await query(standby!.url, 'select pg_wal_replay_pause()');
    const tag = `Réplica ${Date.now()}`;
    await query(primary!.url, 'update cursos set titulo = $1 where id = $2', [`${curso!.titulo} ${tag}`, curso!.id]);
    // ...is not in the reader's list: it was read from the standby. (The counter also counts the worker's exports.)
    const before = await metrics();
    expect(await titles(reader, tag)).toEqual([]);
    expect((await metrics()).replicaReads).toBeGreaterThan(before.replicaReads);

    // The writer's own new course is in its list right away: after its write, it reads from the primary.
    const novo = `Curso novo ${tag}`;
    const created = await send(baseUrl, {
      method: 'POST',
      path: '/api/cursos',
      cookie: writer,
      headers: { origin: baseUrl },
      body: {
        titulo: novo,
        descricao: 'Criado durante o teste da réplica',
        valor: 1500,
        valorComDesconto: 1200,
        parcelas: 10,
        modulos: [{ titulo: 'Introdução', modulo: '1', cargaHoraria: 20 }],
      },
    });
    expect(created.status, created.body).toBe(201);
    const stamp = ([] as string[])
      .concat(created.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith('ultima_escrita='));
    expect(stamp).toBeDefined();
    const writerNow = `${writer}; ${stamp}`;
    expect((await titles(writerNow, tag)).sort()).toEqual([`${curso!.titulo} ${tag}`, novo].sort());
    // The reader, who wrote nothing, still reads the paused standby: neither change.
    expect(await titles(reader, tag)).toEqual([]);

    // Past the threshold the standby is skipped: everyone reads from the primary, without an error.
    await until('the lagging replica skipped', async () => !(await inUse()), MAX_LAG_MS * 4);
    expect(
      logged(`ms behind (over ${MAX_LAG_MS} ms): lists, searches, reports and exports read from the primary`),
    ).toBe(true);
    expect((await titles(reader, tag)).sort()).toEqual([`${curso!.titulo} ${tag}`, novo].sort());

    // Replay resumed: the standby catches up and is read from again, with both changes.
    await query(standby!.url, 'select pg_wal_replay_resume()');
    await until('the replica in use again', inUse);
    const resumed = await metrics();
    expect((await titles(reader, tag)).sort()).toEqual([`${curso!.titulo} ${tag}`, novo].sort());
    expect((await metrics()).replicaReads).toBeGreaterThan(resumed.replicaReads);
  });

  it('falls back to the primary at once when the replica stops, and reads from it again when it is back', async () => {
    const { baseUrl } = server!;
    const reader = await loginCookie(baseUrl, CLIENTE);
    // Whatever the test before left, the standby replays.
    await query(standby!.url, 'select pg_wal_replay_resume()');
    await until('the replica in use', inUse);
    const expected = await titles(reader);

    standby!.stop('fast');
    // The very next reads answer 200 with the same list, from the primary.
    for (let n = 0; n < 5; n++) expect(await titles(reader)).toEqual(expected);
    const after = await metrics();
    expect(after.inUse).toBe(0);
    expect(logged('read replica not answering')).toBe(true);
    // Signing in and writing never needed the replica.
    expect(await loginCookie(baseUrl, CLIENTE)).toMatch(/^sid=/);

    standby!.start();
    await until('the replica in use after its restart', inUse);
    expect(await titles(reader)).toEqual(expected);
    expect((await metrics()).replicaReads).toBeGreaterThan(after.replicaReads);
    expect(server!.child.exitCode).toBeNull();
  });
});

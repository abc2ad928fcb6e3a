import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { connectEmbedded } from '../../../src/server/db/pglite';
import { leads, preMatriculas } from '../../../src/server/db/schema';
import {
  CLUSTER_SHUT_DOWN,
  clusterState,
  copyDataDir,
  leadBody,
  openEventoIds,
  preMatriculaBody,
  removeDir,
  send,
  sleep,
  startServer,
  type ServerProcess,
} from '../support/server-process';

/**
 * kill -9 of the server on the embedded database while public sign-ups are being written, KILLS times
 * (FAULTS_KILLS, 20 by default; more for the long proof): it must start again every time, and every sign-up
 * that was answered 201 must be in the database at the end. PGlite writes through to the operating system at
 * each commit, so a killed process loses nothing the OS has; a power cut is another matter (see README).
 */

const KILLS = Number(process.env.FAULTS_KILLS ?? 20);

/** A fixed sequence of pauses, so a failure can be replayed. */
function pauses(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return 300 + (state % 700);
  };
}

let dataDir: string;
let server: ServerProcess | undefined;

beforeAll(() => {
  dataDir = copyDataDir(inject('demoDataDir'));
});
afterAll(async () => {
  await server?.stop('SIGKILL');
  removeDir(dataDir);
});

describe(`kill -9 on the embedded database, ${KILLS} times during writes`, () => {
  it('starts again every time and loses no acknowledged sign-up', { timeout: 60_000 + KILLS * 20_000 }, async () => {
    const start = () => startServer({ env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' } });
    server = await start();
    const eventoIds = await openEventoIds(server.baseUrl);
    const nextPause = pauses(20_261_121);

    const ackedLeads: string[] = [];
    const ackedPre: string[] = [];
    const restartMs: number[] = [];
    let attempted = 0;
    let n = 0;

    for (let round = 1; round <= KILLS; round++) {
      const { baseUrl } = server;
      let stop = false;
      const writer = async (w: number) => {
        while (!stop) {
          const id = ++n;
          const email = `kill.${round}.${id}@exemplo.com.br`;
          const eventoId = eventoIds[id % eventoIds.length]!;
          attempted++;
          if (w % 2 === 0) {
            const answer = await send(baseUrl, { method: 'POST', path: '/api/leads', body: leadBody(eventoId, email) });
            if (answer.status === 201) ackedLeads.push(email);
          } else {
            const body = preMatriculaBody(eventoId, email, id);
            const answer = await send(baseUrl, { method: 'POST', path: '/api/pre-matriculas', body });
            if (answer.status === 201) ackedPre.push(body.cpfAluno);
          }
        }
      };
      const writers = [0, 1, 2, 3].map(writer);
      await sleep(nextPause());
      server.child.kill('SIGKILL');
      const { signal } = await server.exited;
      stop = true;
      await Promise.all(writers);
      expect(signal).toBe('SIGKILL');

      // What a crash leaves behind: a cluster that was never shut down, and a lock held by a dead process.
      const restarted = performance.now();
      server = await start();
      restartMs.push(Math.round(performance.now() - restarted));
    }

    expect(await server.stop('SIGTERM')).toBe(0);
    server = undefined;
    expect(clusterState(dataDir)).toBe(CLUSTER_SHUT_DOWN);

    const handle = await connectEmbedded(dataDir);
    let foundLeads: number;
    let foundPre: number;
    try {
      foundLeads = ackedLeads.length
        ? (await handle.db.select({ e: leads.email }).from(leads).where(inArray(leads.email, ackedLeads))).length
        : 0;
      foundPre = ackedPre.length
        ? (
            await handle.db
              .select({ c: preMatriculas.cpfAluno })
              .from(preMatriculas)
              .where(inArray(preMatriculas.cpfAluno, ackedPre))
          ).length
        : 0;
    } finally {
      await handle.close();
    }
    const acknowledged = ackedLeads.length + ackedPre.length;
    const lost = acknowledged - foundLeads - foundPre;
    const sorted = [...restartMs].sort((a, b) => a - b);
    console.log(
      `kill -9: ${KILLS} kills, ${KILLS} restarts (median ${sorted[Math.floor(sorted.length / 2)]} ms, ` +
        `slowest ${sorted[sorted.length - 1]} ms); ${attempted} sign-ups sent, ${acknowledged} acknowledged ` +
        `(${ackedLeads.length} leads, ${ackedPre.length} pré-matrículas), ${lost} lost`,
    );
    expect(acknowledged).toBeGreaterThan(0);
    expect(lost).toBe(0);
  });
});

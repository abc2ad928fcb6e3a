import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../../src/server/db/seed/demo-network';
import { copyDataDir, removeDir, send, sleep, startServer, type ServerProcess } from '../support/server-process';

/**
 * An e-mail job survives kill -9 between the commit that wrote it and its sending (issue 22, ADR 028). The first
 * server runs without a worker (JOBS_WORKER=0, as a web-only instance would), so the process is killed with the
 * job committed and not sent; the server started again sends it, exactly once, and a third start sends nothing
 * more.
 */

let dataDir: string;
let server: ServerProcess | undefined;

beforeAll(() => {
  dataDir = copyDataDir(inject('demoDataDir'));
});
afterAll(async () => {
  await server?.stop('SIGKILL');
  removeDir(dataDir);
});

/**
 * The reset e-mails in the outbox. Only those: the restarted server also runs the day's jobs, and the demo network
 * has a contract waiting for its family long enough to be reminded (issue 42) when the day's hour has passed.
 */
const outbox = () => {
  try {
    return readdirSync(join(dataDir, 'outbox'))
      .map((name) => readFileSync(join(dataDir, 'outbox', name), 'utf8'))
      .filter((mail) => mail.includes('reset-password?token='));
  } catch {
    return [];
  }
};

async function waitFor(check: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await sleep(50);
}

describe('an e-mail job and kill -9', () => {
  it('is sent after the restart, exactly once', async () => {
    server = await startServer({ env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn', JOBS_WORKER: '0' } });
    const answer = await send(server.baseUrl, {
      method: 'POST',
      path: '/api/auth/forgot-password',
      body: { email: DEMO_ACCOUNTS.vendedor },
    });
    expect(answer.status).toBe(200);
    // The reset is written after the answer; a moment for its transaction to commit.
    await sleep(1500);
    await server.stop('SIGKILL');
    expect(outbox()).toHaveLength(0);

    server = await startServer({ env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn', JOBS_INTERVALO_MS: '100' } });
    await waitFor(() => outbox().length > 0, 15_000);
    const mails = outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`To: ${DEMO_ACCOUNTS.vendedor}`);
    expect(mails[0]).toContain('reset-password?token=');
    await sleep(1000);
    await server.stop('SIGKILL');

    server = await startServer({ env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn', JOBS_INTERVALO_MS: '100' } });
    await sleep(1500);
    expect(outbox()).toHaveLength(1);
    await server.stop('SIGTERM');
    server = undefined;
  });
});

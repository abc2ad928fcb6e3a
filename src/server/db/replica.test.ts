import { describe, expect, it } from 'vitest';
import type { Database, ReplicaHandle } from './connect';
import { ReadRouter } from './replica';

/**
 * Which database a read goes to (issue 46), against a replica whose positions the test sets. The real pair of
 * PostgreSQL clusters is in tests/faults/process/read-replica.test.ts.
 */

const primary = { name: 'primary' } as unknown as Database;
const replicaDb = { name: 'replica' } as unknown as Database;

function setup(maxLagMs = 10_000) {
  let clock = 1_000_000;
  const positions = { primary: 100n, replica: 100n as bigint | null };
  let answers = true;
  let fail: (error: Error) => void = () => undefined;
  const handle: ReplicaHandle = {
    db: replicaDb,
    pool: { totalCount: 0, idleCount: 0, waitingCount: 0, max: 1 },
    positions: async () => {
      if (!answers) throw new Error('connect ECONNREFUSED 127.0.0.1:5433');
      return { ...positions };
    },
    onConnectFailure: (listener) => (fail = listener),
    close: async () => undefined,
  };
  const lines: string[] = [];
  const log = { info: (m: string) => lines.push(`info: ${m}`), warn: (m: string) => lines.push(`warn: ${m}`) };
  const router = new ReadRouter({ primary, replica: handle, maxLagMs, log, now: () => clock });
  return {
    router,
    positions,
    lines,
    tick: (ms: number) => (clock += ms),
    now: () => clock,
    stop: () => (answers = false),
    resume: () => (answers = true),
    connectFails: () => fail(new Error('connect ECONNREFUSED 127.0.0.1:5433')),
  };
}

describe('ReadRouter', () => {
  it('reads from the primary alone without a replica, and from the primary until the first check', async () => {
    const alone = new ReadRouter({ primary, maxLagMs: 10_000, log: console });
    await alone.check();
    expect(alone.configured).toBe(false);
    expect(alone.pick()).toBe(primary);

    const r = setup();
    expect(r.router.pick()).toBe(primary);
    await r.router.check();
    expect(r.router.pick()).toBe(replicaDb);
    expect(r.router.reads).toEqual({ replica: 1, primary: 1 });
    expect(r.lines).toEqual(['info: read replica in use (replay lag 0 ms)']);
  });

  it("sends a caller's read to the primary until the replica has replayed past the caller's last write", async () => {
    const r = setup();
    await r.router.check();
    r.tick(300);
    const wroteAt = r.now();
    // Written on the primary; the replica has not replayed it yet.
    r.positions.primary = 200n;
    expect(r.router.pick(wroteAt)).toBe(primary);
    r.tick(200);
    await r.router.check();
    expect(r.router.pick(wroteAt)).toBe(primary);
    expect(r.router.pick()).toBe(replicaDb);
    r.positions.replica = 200n;
    r.tick(200);
    await r.router.check();
    expect(r.router.pick(wroteAt)).toBe(replicaDb);
  });

  it('skips a replica whose replay is behind by more than the threshold, and uses it again once it catches up', async () => {
    const r = setup(2000);
    await r.router.check();
    r.positions.replica = 100n;
    // The primary moves on; the replica's replay is paused.
    for (let n = 1; n <= 4; n++) {
      r.tick(500);
      r.positions.primary = 100n + BigInt(n) * 10n;
      await r.router.check();
      expect(r.router.pick()).toBe(replicaDb);
      expect(r.router.lagMs).toBe(n * 500);
    }
    r.tick(500);
    r.positions.primary = 150n;
    await r.router.check();
    expect(r.router.lagMs).toBe(2500);
    expect(r.router.inUse).toBe(false);
    expect(r.router.pick()).toBe(primary);
    expect(r.lines.at(-1)).toBe(
      'warn: read replica is 2500 ms behind (over 2000 ms): lists, searches, reports and exports read from the primary',
    );

    // Replay resumes: caught up with the primary's position of the last check.
    r.positions.replica = 150n;
    r.tick(500);
    r.positions.primary = 160n;
    await r.router.check();
    expect(r.router.lagMs).toBe(500);
    expect(r.router.pick()).toBe(replicaDb);
    expect(r.lines.at(-1)).toBe('info: read replica in use (replay lag 500 ms)');
  });

  it('keeps a busy replica that is always a little behind the newest position, but has replayed the previous', async () => {
    const r = setup(2000);
    for (let n = 1; n <= 10; n++) {
      r.tick(500);
      r.positions.primary = BigInt(n) * 1000n;
      r.positions.replica = BigInt(n) * 1000n - 1n;
      await r.router.check();
      if (n > 1) expect(r.router.pick()).toBe(replicaDb);
    }
    expect(r.router.lagMs).toBe(500);
  });

  it('falls back to the primary when the replica stops answering, at once when a connection fails', async () => {
    const r = setup();
    await r.router.check();
    r.stop();
    r.tick(500);
    await r.router.check();
    expect(r.router.pick()).toBe(primary);
    expect(r.lines.at(-1)).toBe(
      'warn: read replica not answering (connect ECONNREFUSED 127.0.0.1:5433): lists, searches, reports and exports read from the primary',
    );
    r.resume();
    await r.router.check();
    expect(r.router.pick()).toBe(replicaDb);

    r.connectFails();
    expect(r.router.pick()).toBe(primary);
    expect(r.router.inUse).toBe(false);
  });

  it('never reads from a server that is not in recovery (a promoted replica)', async () => {
    const r = setup();
    r.positions.replica = null;
    await r.router.check();
    expect(r.router.pick()).toBe(primary);
    expect(r.lines).toEqual([
      'warn: read replica is not in recovery (promoted, or not a standby): lists, searches, reports and exports read from the primary',
    ]);
  });

  it('does not use a replica that has never been seen caught up', async () => {
    const r = setup();
    r.positions.replica = 50n;
    await r.router.check();
    expect(r.router.pick()).toBe(primary);
    expect(r.router.lagMs).toBeUndefined();
    expect(r.lines.at(-1)).toMatch(/^warn: read replica has not caught up \(over 10000 ms\)/);
  });
});

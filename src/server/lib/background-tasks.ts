/**
 * Work done after the answer is sent (a forgot-password's look-up, which then writes its e-mail job), tracked so
 * a graceful shutdown and the tests can wait for it. A failure is logged, never thrown at the caller.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();
  /** Also waited for by drain(): the job worker's run of every job due (answers how many ran). */
  private readonly drainers: (() => Promise<number>)[] = [];

  addDrainer(drainer: () => Promise<number>): void {
    this.drainers.push(drainer);
  }

  constructor(private readonly onError: (error: unknown) => void) {}

  /** Whether a task is still running (work a request left behind after its answer). */
  get busy(): boolean {
    return this.pending.size > 0;
  }

  run(task: () => Promise<void>): void {
    // Started on the next turn of the event loop, not in a microtask: by then the answer of the request that
    // asked for it has been written, so none of this work delays it (the forgot-password timing depends on it).
    const promise = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch(this.onError)
      .finally(() => this.pending.delete(promise));
    this.pending.add(promise);
  }

  /** Waits for every task, then runs the jobs they wrote (and any the jobs wrote) until nothing is left due. */
  async drain(): Promise<void> {
    for (;;) {
      while (this.pending.size > 0) await Promise.all([...this.pending]);
      let ran = 0;
      for (const drainer of this.drainers) ran += await drainer();
      if (ran === 0 && this.pending.size === 0) return;
    }
  }
}

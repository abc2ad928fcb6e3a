/**
 * Work done after the answer is sent (e-mails), tracked so a graceful shutdown and the tests can wait for it.
 * A failure is logged, never thrown at the caller.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly onError: (error: unknown) => void) {}

  run(task: () => Promise<void>): void {
    // Started on the next turn of the event loop, not in a microtask: by then the answer of the request that
    // asked for it has been written, so none of this work delays it (the forgot-password timing depends on it).
    const promise = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch(this.onError)
      .finally(() => this.pending.delete(promise));
    this.pending.add(promise);
  }

  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}

/**
 * Runs concurrent calls in batches (ADR 044). A call runs at once while fewer than `concurrency` batches are
 * running -- alone, when it is alone: nothing waits for company. Calls made while that many are running wait, and
 * the next batch takes all of them, up to `maxBatch`. So a quiet server runs each call by itself, and a busy one
 * runs them a few at a time, each batch one statement and one commit instead of several.
 *
 * `run` answers one result per input, in the same order. When a batch fails, each of its calls runs again alone,
 * so one bad call fails only itself. A batch that takes longer than `stallMs` (it waits on a lock, say) does not
 * hold the others back: the calls waiting behind it start a batch beside it, up to `maxConcurrency` at once.
 */
export class Coalescer<In, Out> {
  private readonly waiting: { input: In; resolve: (out: Out) => void; reject: (error: unknown) => void }[] = [];
  /** When each running batch started. */
  private readonly started = new Set<{ at: number }>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly run: (inputs: In[]) => Promise<Out[]>,
    private readonly options: { maxBatch: number; concurrency: number; stallMs: number; maxConcurrency: number },
  ) {}

  call(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      this.next();
    });
  }

  /** Whether another batch may start now: below `concurrency`, or beside batches that have all stalled. */
  private mayStart(now: number): boolean {
    if (this.started.size < this.options.concurrency) return true;
    if (this.started.size >= this.options.maxConcurrency) return false;
    return [...this.started].every(({ at }) => now - at >= this.options.stallMs);
  }

  private next(): void {
    const now = performance.now();
    while (this.waiting.length > 0 && this.mayStart(now)) {
      const batch = this.waiting.splice(0, this.options.maxBatch);
      const started = { at: now };
      this.started.add(started);
      void this.runBatch(batch).finally(() => {
        this.started.delete(started);
        this.next();
      });
    }
    // Calls left waiting: looked at again once the running batches would count as stalled.
    if (this.waiting.length > 0 && !this.timer && this.started.size < this.options.maxConcurrency) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.next();
      }, this.options.stallMs);
      this.timer.unref?.();
    }
  }

  private async runBatch(batch: typeof this.waiting): Promise<void> {
    try {
      const outputs = await this.run(batch.map((call) => call.input));
      batch.forEach((call, i) => call.resolve(outputs[i]!));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      await Promise.all(
        batch.map(async (call) => {
          try {
            const [output] = await this.run([call.input]);
            call.resolve(output!);
          } catch (alone) {
            call.reject(alone);
          }
        }),
      );
    }
  }
}

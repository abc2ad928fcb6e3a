/**
 * Runs concurrent calls in batches (ADR 044). A call runs at once while fewer than `concurrency` batches are
 * running -- alone, when it is alone: nothing waits for company. Calls made while that many are running wait, and
 * the next batch takes all of them, up to `maxBatch`. So a quiet server runs each call by itself, and a busy one
 * runs them a few at a time, each batch one statement and one commit instead of several.
 *
 * `run` answers one result per input, in the same order. When a batch fails, each of its calls runs again alone,
 * so one bad call fails only itself.
 */
export class Coalescer<In, Out> {
  private readonly waiting: { input: In; resolve: (out: Out) => void; reject: (error: unknown) => void }[] = [];
  private running = 0;

  constructor(
    private readonly run: (inputs: In[]) => Promise<Out[]>,
    private readonly options: { maxBatch: number; concurrency: number },
  ) {}

  call(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    while (this.running < this.options.concurrency && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.options.maxBatch);
      this.running++;
      void this.runBatch(batch).finally(() => {
        this.running--;
        this.next();
      });
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

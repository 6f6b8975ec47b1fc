/** Work in progress (event handlers), so a graceful shutdown can wait for it to finish. */
export class InFlight {
  private readonly pending = new Set<Promise<unknown>>();

  get size(): number {
    return this.pending.size;
  }

  track<T>(promise: Promise<T>): Promise<T> {
    this.pending.add(promise);
    promise.then(
      () => this.pending.delete(promise),
      () => this.pending.delete(promise),
    );
    return promise;
  }

  /** Resolves when nothing is in flight any more, or after timeoutMs. */
  async idle(timeoutMs: number): Promise<void> {
    const end = Date.now() + timeoutMs;
    while (this.pending.size > 0 && Date.now() < end) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const expired = new Promise((resolve) => {
        timer = setTimeout(resolve, Math.max(1, end - Date.now()));
      });
      await Promise.race([Promise.allSettled([...this.pending]), expired]);
      clearTimeout(timer);
    }
  }
}

/** A set of listeners; `add` returns the function that removes the listener again. */
export class Listeners<A extends unknown[]> {
  private readonly set = new Set<(...args: A) => void>();

  add(fn: (...args: A) => void): () => void {
    this.set.add(fn);
    return () => this.set.delete(fn);
  }

  emit(...args: A): void {
    for (const fn of [...this.set]) {
      try {
        fn(...args);
      } catch (err) {
        // A failing UI listener must not stop delivery to the others.
        console.error('realtime listener failed', err);
      }
    }
  }
}

/**
 * Named sets of listeners, where a failing listener never stops the others. The web client makes one
 * when it starts (its features subscribe before the realtime code loads) and hands it to each
 * RealtimeClient it creates, so a push goes from the socket straight to the app's listeners.
 */
type Listener = (arg: never) => void;

export class Listeners {
  private readonly sets = new Map<string, Set<Listener>>();

  /** Returns the unsubscribe function. */
  on<A>(name: string, fn: (arg: A) => void): () => void {
    let set = this.sets.get(name);
    if (!set) {
      set = new Set();
      this.sets.set(name, set);
    }
    set.add(fn as Listener);
    return () => {
      set.delete(fn as Listener);
    };
  }

  /** How many listen to `name` (a leak shows here). */
  count(name: string): number {
    return this.sets.get(name)?.size ?? 0;
  }

  fire(name: string, arg: unknown): void {
    for (const fn of [...(this.sets.get(name) ?? [])]) {
      try {
        (fn as (a: unknown) => void)(arg);
      } catch (err) {
        console.error(`realtime ${name} listener failed`, err); // one failing listener must not stop the others
      }
    }
  }
}

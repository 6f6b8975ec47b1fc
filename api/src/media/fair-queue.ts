/**
 * Media work shared fairly between accounts (issue 46 item 5): at most `concurrency` jobs at a time in
 * all, at most `perAccount` of one account, and the accounts with work waiting served in turn — so one
 * account's ten 5-minute voice notes never hold up another's 3-second one (that one takes the next free
 * place, whatever the first account still has queued).
 *
 * - Turns: a free place goes to the account under `perAccount` whose last job started longest ago (one
 *   that has not started any yet first; among equals, the one that has waited longest): round robin.
 * - Bounds: an account with `maxPerAccount` jobs running or waiting, or a queue with `maxWaiting` jobs
 *   waiting in all, refuses the next job with QueueFull (429 `rate_limited` with Retry-After), its
 *   Retry-After the time the work ahead of it should take (the running mean of a job's time).
 *
 * In one process: every API instance queues its own uploads.
 */

export class QueueFull extends Error {
  override name = 'QueueFull';
  constructor(readonly retryAfterSeconds: number) {
    super(`media queue full: retry in ${retryAfterSeconds} s`);
  }
}

export interface FairQueueOptions {
  /** Jobs running at once, all accounts together. */
  concurrency: number;
  /** Jobs of one account running at once. */
  perAccount: number;
  /** Jobs of one account running or waiting; the next is refused. */
  maxPerAccount: number;
  /** Jobs waiting in all; the next is refused. */
  maxWaiting: number;
}

/** The product's numbers (docs/decisions.md "Fair shares of media work"). */
export const DEFAULT_FAIR_QUEUE: FairQueueOptions = {
  // ffmpeg is one core each: two at a time as before on a 2-core machine
  concurrency: 2,
  // one account never holds both places while another waits
  perAccount: 1,
  // the web client sends one file at a time: 4 covers an account's phone and laptop together
  maxPerAccount: 4,
  // each waiting job holds its upload (≤ 5 MB) in memory
  maxWaiting: 64,
};

interface Job {
  start: () => void;
}

interface Account {
  running: number;
  waiting: Job[];
  /** When its last job started (a counter); -1: none yet. */
  lastStart: number;
}

export class FairQueue {
  private running = 0;
  private waitingCount = 0;
  private readonly accounts = new Map<string, Account>();
  /** Accounts with waiting jobs, in the order they began to wait. */
  private readonly ring: string[] = [];
  private starts = 0;
  /** Running mean of a job's time (ms), for Retry-After. */
  private meanMs = 2000;

  constructor(readonly options: FairQueueOptions = DEFAULT_FAIR_QUEUE) {}

  /** Jobs running and waiting now (tests, logs). */
  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waitingCount };
  }

  /** Runs `work` in `account`'s turn; QueueFull at once when the account or the queue is full. */
  run<T>(account: string | number, work: () => Promise<T>): Promise<T> {
    const key = String(account);
    const entry = this.accounts.get(key) ?? { running: 0, waiting: [], lastStart: -1 };
    const pending = entry.running + entry.waiting.length;
    if (pending >= this.options.maxPerAccount) {
      throw new QueueFull(this.seconds((pending - this.options.perAccount + 1) / this.options.perAccount));
    }
    if (this.waitingCount >= this.options.maxWaiting) {
      throw new QueueFull(this.seconds((this.waitingCount + 1) / this.options.concurrency));
    }
    this.accounts.set(key, entry);
    return new Promise<T>((resolve, reject) => {
      entry.waiting.push({
        start: () => {
          const began = performance.now();
          // the place is freed (and the next job started) before the caller hears the result
          const finish = () => {
            this.meanMs = 0.8 * this.meanMs + 0.2 * (performance.now() - began);
            this.running--;
            entry.running--;
            if (entry.running === 0 && entry.waiting.length === 0) this.accounts.delete(key);
            this.pump();
          };
          Promise.resolve()
            .then(work)
            .then(
              (value) => {
                finish();
                resolve(value);
              },
              (err: unknown) => {
                finish();
                reject(err);
              },
            );
        },
      });
      this.waitingCount++;
      if (entry.waiting.length === 1) this.ring.push(key);
      this.pump();
    });
  }

  private seconds(jobs: number): number {
    return Math.max(1, Math.ceil((jobs * this.meanMs) / 1000));
  }

  /** Starts waiting jobs while there are free places, the accounts in turn. */
  private pump(): void {
    while (this.running < this.options.concurrency) {
      let at = -1;
      let best: Account | undefined;
      for (const [i, key] of this.ring.entries()) {
        const entry = this.accounts.get(key) as Account;
        if (entry.running >= this.options.perAccount) continue;
        if (!best || entry.lastStart < best.lastStart) {
          at = i;
          best = entry;
        }
      }
      if (!best) return;
      const key = this.ring[at] as string;
      const job = best.waiting.shift() as Job;
      this.ring.splice(at, 1);
      if (best.waiting.length > 0) this.ring.push(key);
      this.waitingCount--;
      this.running++;
      best.running++;
      best.lastStart = this.starts++;
      job.start();
    }
  }
}

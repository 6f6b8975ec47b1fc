/**
 * A short-lived cache of whole API answers, in front of Express (a "micro-cache"): the browse calls
 * that every visitor repeats (stores of a province, product and article pages, search, the caller's
 * conversation list) are answered from memory with the bytes Express produced the first time.
 *
 * Correctness rule: a stored answer is served only while no write has happened since it was
 * computed. Every /api request whose handler did not declare itself a pure read (`pureRead`,
 * `cacheable`) counts as a write and empties the cache when it answers — before its answer leaves,
 * so nobody can learn of a write and then read the older answer from this process. An answer
 * computed while a write finished is not stored (the version changed under it). With several API
 * processes (PostgreSQL) each write is announced to the others (`onWrite` → NOTIFY, see
 * db/write-feed.ts), and a process that cannot hear its peers does not cache at all.
 * Entries also expire after `ttlMs`, which bounds anything that changes with time alone.
 *
 * Keyed by URL, Authorization header and Accept-Encoding (the stored bytes may be compressed), only
 * 200 answers of handlers marked `cacheable`, at most `maxEntries` / `maxBytes` (least recently used
 * out first). Cache hits skip Express entirely, so they are not in the request log.
 */
import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';

const PURE = Symbol('agrivet.pureRead');
const STORE = Symbol('agrivet.cacheable');

type Marked = ServerResponse & { [PURE]?: boolean; [STORE]?: boolean };

/** The handler only reads: its request does not empty the cache (its answer is not stored). */
export function pureRead(res: ServerResponse): void {
  (res as Marked)[PURE] = true;
}

/**
 * The handler only reads and its 200 answer depends on nothing but the URL, the caller (token) and
 * the stored data: it may be answered from the cache.
 */
export function cacheable(res: ServerResponse): void {
  (res as Marked)[PURE] = true;
  (res as Marked)[STORE] = true;
}

/** Route middleware forms: `router.get('/getAll', cached, handler)`. */
export const cached: RequestHandler = (_req, res, next) => {
  cacheable(res);
  next();
};
export const readOnly: RequestHandler = (_req, res, next) => {
  pureRead(res);
  next();
};

export interface ResponseCacheOptions {
  /** Lifetime of an entry; 0 turns caching off (writes still announce themselves). */
  ttlMs: number;
  /** Only URLs under this prefix take part; the rest pass through untouched. */
  prefix?: string;
  maxEntries?: number;
  /** Total body bytes held. */
  maxBytes?: number;
  /** Larger answers are not stored. */
  maxEntryBytes?: number;
  /** Called once for every local write (to tell the other API processes). */
  onWrite?: () => void;
  now?: () => number;
}

interface Entry {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  version: number;
  expires: number;
}

/** Headers that belong to one connection or are recomputed for the stored body. */
const HOP_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

export class ResponseCache {
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;
  #version = 0;
  #peersHeard = true;
  readonly #ttlMs: number;
  readonly #prefix: string;
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  readonly #maxEntryBytes: number;
  readonly #onWrite: (() => void) | undefined;
  readonly #now: () => number;
  hits = 0;
  misses = 0;

  constructor(options: ResponseCacheOptions) {
    this.#ttlMs = options.ttlMs;
    this.#prefix = (options.prefix ?? '/api/').toLowerCase();
    this.#maxEntries = options.maxEntries ?? 2000;
    this.#maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.#maxEntryBytes = options.maxEntryBytes ?? 1024 * 1024;
    this.#onWrite = options.onWrite;
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#entries.size;
  }

  get enabled(): boolean {
    return this.#ttlMs > 0 && this.#peersHeard;
  }

  /** Forgets every answer: a write happened (here or in another API process). */
  invalidate(): void {
    this.#version++;
    this.#entries.clear();
    this.#bytes = 0;
  }

  /**
   * Whether the writes of the other API processes reach this one: while they do not, nothing is
   * served from or stored in the cache.
   */
  setPeersHeard(heard: boolean): void {
    if (heard !== this.#peersHeard) this.invalidate();
    this.#peersHeard = heard;
  }

  /** The request listener: `createServer(cache.wrap(app))`. */
  wrap(next: RequestListener): RequestListener {
    return (req, res) => {
      if (!this.#covers(req.url ?? '')) {
        next(req, res);
        return;
      }
      const key = req.method === 'GET' && this.enabled ? cacheKey(req) : null;
      if (key !== null) {
        const entry = this.#entries.get(key);
        if (entry && entry.version === this.#version && entry.expires > this.#now()) {
          this.#entries.delete(key);
          this.#entries.set(key, entry);
          this.hits++;
          res.writeHead(entry.status, { ...entry.headers, 'content-length': entry.body.length });
          res.end(entry.body);
          return;
        }
        if (entry) this.#remove(key, entry);
        this.misses++;
      }
      this.#watch(res, key);
      next(req, res);
    };
  }

  /**
   * Whether Express would route this request target under the prefix: its path, also when the
   * target is absolute (`http://host/api/…`), compared without case (as `app.use('/api')` does).
   */
  #covers(url: string): boolean {
    let path = url;
    if (!url.startsWith('/')) {
      try {
        path = new URL(url).pathname;
      } catch {
        return false;
      }
    }
    return path.slice(0, this.#prefix.length).toLowerCase() === this.#prefix;
  }

  /** Collects the answer's bytes (after compression) and, when it ends, stores it or counts a write. */
  #watch(res: ServerResponse, key: string | null): void {
    const startVersion = this.#version;
    const chunks: Buffer[] = [];
    let size = 0;
    let keep = key !== null;
    let ended = false;
    const headerArgs: OutgoingHttpHeaders = {};
    const collect = (chunk: unknown, encoding: unknown) => {
      if (!keep || chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const buf =
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array);
      size += buf.length;
      if (size > this.#maxEntryBytes) {
        keep = false;
        chunks.length = 0;
      } else chunks.push(buf);
    };
    const finish = (answered: boolean) => {
      if (ended) return;
      ended = true;
      const marked = res as Marked;
      if (!marked[PURE]) {
        this.invalidate();
        this.#onWrite?.();
        return;
      }
      // closed before the handler answered (client gone): nothing complete to keep
      if (!answered || !keep || key === null || !marked[STORE] || res.statusCode !== 200) return;
      if (startVersion !== this.#version || !this.enabled) return;
      const headers: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries({ ...res.getHeaders(), ...headerArgs })) {
        if (value !== undefined && !HOP_HEADERS.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
      }
      this.#store(key, {
        status: 200,
        headers,
        body: Buffer.concat(chunks, size),
        version: startVersion,
        expires: this.#now() + this.#ttlMs,
      });
    };

    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      const last = args[args.length - 1];
      if (last && typeof last === 'object' && !Array.isArray(last)) {
        for (const [name, value] of Object.entries(last as OutgoingHttpHeaders)) headerArgs[name.toLowerCase()] = value;
      } else if (Array.isArray(last)) keep = false; // raw header arrays: not worth parsing, not stored
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as ServerResponse['writeHead'];
    const write = res.write;
    res.write = function (this: ServerResponse, chunk: unknown, encoding?: unknown, cb?: unknown) {
      collect(chunk, encoding);
      return (write as (...a: unknown[]) => boolean).call(this, chunk, encoding, cb);
    } as ServerResponse['write'];
    const end = res.end;
    res.end = function (this: ServerResponse, chunk?: unknown, encoding?: unknown, cb?: unknown) {
      collect(chunk, encoding);
      finish(true);
      return (end as (...a: unknown[]) => ServerResponse).call(this, chunk, encoding, cb);
    } as ServerResponse['end'];
    // a request that never answered (client gone, handler still failed) is a write too
    res.once('close', () => finish(false));
  }

  #store(key: string, entry: Entry): void {
    const old = this.#entries.get(key);
    if (old) this.#remove(key, old);
    this.#entries.set(key, entry);
    this.#bytes += entry.body.length;
    for (const [oldest, e] of this.#entries) {
      if (this.#entries.size <= this.#maxEntries && this.#bytes <= this.#maxBytes) break;
      this.#remove(oldest, e);
    }
  }

  #remove(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#bytes -= entry.body.length;
  }
}

function cacheKey(req: IncomingMessage): string {
  return `${req.url}\n${req.headers.authorization ?? ''}\n${req.headers['accept-encoding'] ?? ''}`;
}

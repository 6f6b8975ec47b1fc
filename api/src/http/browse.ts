/**
 * The browse calls (store lists and pages, products, articles, search) as conditional GETs:
 *   router.get('/getAll', browse(db, { tables: ['products', 'stores'] }, (req) => listProducts(req)));
 *
 * - The answer's strong `ETag` is a hash of the versions of the tables it reads (table_stats:
 *   every write of stores, products and posts moves their version; users' moves when a name or
 *   status changes, migration 008), the normalised URL and the Accept-Encoding it is compressed
 *   for. `Cache-Control: public, max-age=0, must-revalidate`: caches keep it and ask again.
 * - A request whose `If-None-Match` matches gets 304 without a body: one primary-key read of
 *   table_stats, and the call's own query never runs.
 * - Otherwise the answer's JSON comes from a bounded in-process cache keyed by those versions and
 *   the URL, or is computed and kept there. Several API processes need no channel between them: a
 *   write anywhere moves the version in the database, and every request reads the versions first,
 *   so a kept answer is only ever found for the data it was computed from.
 * - `perCaller`: the answer depends on a signed-in caller (a store's `has_conversation_with_me`, the
 *   owner's phone): signed-in callers get it computed for them, `private, no-store`, without an ETag.
 *   Visitors (no or an unknown token: they are answered as visitors) get the shared answer.
 *
 * The versions are read before the call's query: an answer can only be newer than its ETag says,
 * never older, so a matching ETag always means the client holds what the data still shows.
 * The answer must depend on nothing but the URL and those tables (no clock, no caller unless
 * `perCaller`); a call that starts showing another table lists it in `tables` (and that table gets
 * a version in table_stats, as migrations 005 and 008 do).
 */
import { createHash } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/types';
import { readTableVersions, type VersionedTable } from '../queries/counts';
import { ok } from './envelope';

export interface BrowseOptions {
  /** The tables whose rows the answer shows. */
  tables: readonly VersionedTable[];
  /** The answer differs for a signed-in caller: no ETag and no shared copy for them. */
  perCaller?: boolean;
  /**
   * Something else the answer depends on (a store's `open_now` follows the clock): its value is part
   * of the ETag and of the kept answer's key, so they change when it does.
   */
  stamp?: () => Promise<string> | string;
}

/** Kept answers per database (a Kysely instance): the envelope's JSON text, least recently used out first. */
const MAX_BYTES = 32 * 1024 * 1024;
const caches = new WeakMap<object, LRUCache<string, string>>();

function cacheOf(db: Kysely<Database>): LRUCache<string, string> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new LRUCache<string, string>({
      max: 10_000,
      maxSize: MAX_BYTES,
      // JavaScript strings hold up to 2 bytes per character
      sizeCalculation: (json, key) => 2 * (json.length + key.length),
    });
    caches.set(db, cache);
  }
  return cache;
}

/**
 * The URL as the answer depends on it: the path without letter case (Express routes ignore it) and
 * the query parameters decoded and ordered by name (the values of a repeated name keep their order).
 */
export function normalisedUrl(req: Request): string {
  const url = new URL(req.originalUrl, 'http://x');
  const params = [...url.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${url.pathname.toLowerCase()}?${new URLSearchParams(params).toString()}`;
}

/**
 * Whether `If-None-Match` names `etag` (weak comparison, RFC 9110 §13.1.2) or is `*`. Evaluated
 * whatever the request's Cache-Control says: browsers' fetch and XHR add `no-cache` to a request
 * that carries its own If-None-Match, and that directive is for caches on the way, not the origin
 * (Express's `req.fresh` would answer such a request in full).
 */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export function browse(
  db: Kysely<Database>,
  options: BrowseOptions,
  answer: (req: Request) => Promise<unknown>,
): RequestHandler {
  const tables = [...options.tables].sort();
  return async (req, res) => {
    if (options.perCaller && req.user) {
      res.setHeader('Cache-Control', 'private, no-store');
      res.json(ok(await answer(req)));
      return;
    }
    const versions = await readTableVersions(db);
    const stamp = options.stamp ? `\n${await options.stamp()}` : '';
    const key = `${tables.map((t) => `${t}:${versions[t]}`).join(',')}\n${normalisedUrl(req)}${stamp}`;
    const encoding = (req.headers['accept-encoding'] ?? '').toLowerCase().replace(/\s+/g, '');
    const etag = `"${createHash('sha1').update(`${key}\n${encoding}`).digest('base64url')}"`;
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', 'public, max-age=0, must-revalidate');
    res.vary('Accept-Encoding');
    if (noneMatch(req.headers['if-none-match'], etag)) {
      res.status(304).end();
      return;
    }
    const cache = cacheOf(db);
    let json = cache.get(key);
    if (json === undefined) {
      json = JSON.stringify(ok(await answer(req)));
      cache.set(key, json);
    }
    res.status(200).type('application/json; charset=utf-8').send(json);
  };
}

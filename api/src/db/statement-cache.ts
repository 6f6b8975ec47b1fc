/**
 * Kysely's SQLite driver prepares every query again; preparing is about a tenth of the API's CPU
 * on a write such as message/create. This hands Kysely the same better-sqlite3 Statement for the
 * same SQL text (queries are parameterised, so the text repeats), keeping the `limit` most recently
 * used (lru-cache). Statements run synchronously, one at a time, so sharing one is safe; SQLite
 * re-prepares a cached statement by itself after a schema change.
 */
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';
import { LRUCache } from 'lru-cache';

export function withStatementCache(db: SqliteDatabase, limit = 500): KyselySqliteDatabase & { size(): number } {
  const cache = new LRUCache<string, Statement>({ max: limit });
  return {
    close: () => {
      cache.clear();
      db.close();
    },
    prepare: (sql: string) => {
      let statement = cache.get(sql);
      if (!statement) {
        statement = db.prepare(sql);
        cache.set(sql, statement);
      }
      return statement;
    },
    size: () => cache.size,
  };
}

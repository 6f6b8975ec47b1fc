/**
 * Kysely's SQLite driver prepares every query again; preparing is about a tenth of the API's CPU
 * on a write such as message/create. This hands Kysely the same better-sqlite3 Statement for the
 * same SQL text (queries are parameterised, so the text repeats), keeping the most recent `limit`.
 * Statements run synchronously, one at a time, so sharing one is safe; SQLite re-prepares a cached
 * statement by itself after a schema change.
 */
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';

export function withStatementCache(db: SqliteDatabase, limit = 500): KyselySqliteDatabase & { size(): number } {
  const cache = new Map<string, Statement>();
  return {
    close: () => {
      cache.clear();
      db.close();
    },
    prepare: (sql: string) => {
      let statement = cache.get(sql);
      if (statement) {
        // most recently used last: the first key is the one to drop
        cache.delete(sql);
      } else {
        statement = db.prepare(sql);
        if (cache.size >= limit) cache.delete(cache.keys().next().value as string);
      }
      cache.set(sql, statement);
      return statement;
    },
    size: () => cache.size,
  };
}

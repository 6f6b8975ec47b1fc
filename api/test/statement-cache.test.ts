import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from '../src/db/statement-cache';

const open: SQLite.Database[] = [];
afterEach(() => {
  for (const db of open.splice(0)) if (db.open) db.close();
});

function database() {
  const db = new SQLite(':memory:');
  open.push(db);
  db.exec('create table t (id integer primary key, name text)');
  return db;
}

describe('prepared statement cache for Kysely', () => {
  it('gives the same statement for the same SQL and a new one for other SQL', () => {
    const cached = withStatementCache(database());
    const a = cached.prepare('select * from t where id = ?');
    expect(cached.prepare('select * from t where id = ?')).toBe(a);
    expect(cached.prepare('select name from t where id = ?')).not.toBe(a);
    expect(cached.size()).toBe(2);
  });

  it('keeps the most recently used statements up to its limit', () => {
    const cached = withStatementCache(database(), 2);
    const first = cached.prepare('select 1');
    cached.prepare('select 2');
    cached.prepare('select 1'); // used again: now the newest
    cached.prepare('select 3'); // drops 'select 2'
    expect(cached.size()).toBe(2);
    expect(cached.prepare('select 1')).toBe(first);
  });

  it('a reused statement still sees new rows and a changed table', () => {
    const db = database();
    const cached = withStatementCache(db);
    const insert = (name: string) => cached.prepare('insert into t (name) values (?)').run([name]);
    insert('a');
    insert('b');
    expect(cached.prepare('select * from t order by id').all([])).toHaveLength(2);
    db.exec('alter table t add column note text');
    expect(cached.prepare('select * from t order by id').all([])).toEqual([
      { id: 1, name: 'a', note: null },
      { id: 2, name: 'b', note: null },
    ]);
  });
});

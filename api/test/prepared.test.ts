import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import {
  CamelCasePlugin,
  type ColumnType,
  DummyDriver,
  type Generated,
  Kysely,
  ParseJSONResultsPlugin,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteDialect,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prepared, sameAsDatabase } from '../src/db/prepared';

interface TestDb {
  notes: {
    id: Generated<number>;
    owner: number;
    title: string;
    body: string | null;
    deleted_at: ColumnType<string | null, string | null | undefined, string | null>;
  };
}

/** A Kysely that compiles for `dialect` without a database (DummyDriver answers no rows). */
function compilerOnly(dialect: 'sqlite' | 'postgres'): Kysely<TestDb> {
  return new Kysely<TestDb>({
    dialect:
      dialect === 'postgres'
        ? {
            createAdapter: () => new PostgresAdapter(),
            createDriver: () => new DummyDriver(),
            createIntrospector: (db) => new PostgresIntrospector(db),
            createQueryCompiler: () => new PostgresQueryCompiler(),
          }
        : {
            createAdapter: () => new SqliteAdapter(),
            createDriver: () => new DummyDriver(),
            createIntrospector: (db) => new SqliteIntrospector(db),
            createQueryCompiler: () => new SqliteQueryCompiler(),
          },
  });
}

const open: Kysely<TestDb>[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.destroy();
});

function sqliteDb(): Kysely<TestDb> {
  const db = new Kysely<TestDb>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
  open.push(db);
  return db;
}

async function withNotes(db: Kysely<TestDb>) {
  await sql`create table notes (id integer primary key, owner integer not null, title text not null, body text, deleted_at text)`.execute(
    db,
  );
  await db
    .insertInto('notes')
    .values([
      { id: 1, owner: 7, title: 'a', body: 'x', deleted_at: null },
      { id: 2, owner: 7, title: 'b', body: null, deleted_at: '2026-01-01' },
      { id: 3, owner: 8, title: 'c', body: 'y', deleted_at: null },
    ])
    .execute();
}

// parameters in another order than the query uses them, one of them twice, with constants between
const liveNotes = prepared((db: Kysely<TestDb>, p: { title: string; owner: number; limit: number }) =>
  db
    .selectFrom('notes')
    .select(['id', 'title'])
    .where('owner', '=', p.owner)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('title', '=', p.title), eb('title', '=', 'zz'), eb('id', '=', p.owner)]))
    .orderBy('id')
    .limit(p.limit),
);

const insertNote = prepared((db: Kysely<TestDb>, p: { owner: number; title: string; body: string | null }) =>
  db.insertInto('notes').values({ owner: p.owner, title: p.title, body: p.body }).returningAll(),
);

const retitle = prepared((db: Kysely<TestDb>, p: { id: number; title: string }) =>
  db
    .updateTable('notes')
    .set((eb) => ({ title: eb.case().when('title', '<', p.title).then(p.title).else(eb.ref('title')).end() }))
    .where('id', '=', p.id),
);

describe('prepared queries', () => {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    it(`compiles to the SQL and parameters of the builder itself (${dialect})`, () => {
      const db = compilerOnly(dialect);
      const a = liveNotes.compile(db, { title: 'b', owner: 7, limit: 5 });
      const b = db
        .selectFrom('notes')
        .select(['id', 'title'])
        .where('owner', '=', 7)
        .where('deleted_at', 'is', null)
        .where((eb) => eb.or([eb('title', '=', 'b'), eb('title', '=', 'zz'), eb('id', '=', 7)]))
        .orderBy('id')
        .limit(5)
        .compile();
      expect(a.sql).toBe(b.sql);
      expect(a.parameters).toEqual(b.parameters);
      expect(a.parameters).toEqual([7, 'b', 'zz', 7, 5]);
      const i = insertNote.compile(db, { owner: 9, title: 't', body: null });
      const j = db.insertInto('notes').values({ owner: 9, title: 't', body: null }).returningAll().compile();
      expect([i.sql, i.parameters]).toEqual([j.sql, j.parameters]);
      const u = retitle.compile(db, { id: 3, title: 'q' });
      const w = db
        .updateTable('notes')
        .set((eb) => ({ title: eb.case().when('title', '<', 'q').then('q').else(eb.ref('title')).end() }))
        .where('id', '=', 3)
        .compile();
      expect([u.sql, u.parameters]).toEqual([w.sql, w.parameters]);
      expect(u.parameters).toEqual(['q', 'q', 3]);
      if (dialect === 'postgres') expect(u.sql).toContain('$3');
      else expect(u.sql).not.toContain('$');
    });
  }

  it('builds the query once per dialect, then only fills in the values', () => {
    let builds = 0;
    const byId = prepared((db: Kysely<TestDb>, p: { id: number }) => {
      builds++;
      return db.selectFrom('notes').selectAll().where('id', '=', p.id);
    });
    const lite = compilerOnly('sqlite');
    const pg = compilerOnly('postgres');
    expect(byId.compile(lite, { id: 1 }).parameters).toEqual([1]);
    expect(byId.compile(lite, { id: 2 }).parameters).toEqual([2]);
    expect(builds).toBe(1);
    expect(byId.compile(pg, { id: 3 }).sql).toBe('select * from "notes" where "id" = $1');
    expect(byId.compile(pg, { id: 4 }).parameters).toEqual([4]);
    expect(builds).toBe(2);
    expect(byId.compile(lite, { id: 5 }).sql).toBe('select * from "notes" where "id" = ?');
    expect(builds).toBe(2);
  });

  it('runs on SQLite: rows, first row, inserts and updates', async () => {
    const db = sqliteDb();
    await withNotes(db);
    expect((await liveNotes.execute(db, { title: 'a', owner: 7, limit: 10 })).rows).toEqual([{ id: 1, title: 'a' }]);
    expect(await liveNotes.takeFirst(db, { title: 'nope', owner: 8, limit: 10 })).toBeUndefined();
    const row = await insertNote.takeFirst(db, { owner: 8, title: 'd', body: null });
    expect(row).toEqual({ id: 4, owner: 8, title: 'd', body: null, deleted_at: null });
    const changed = await retitle.execute(db, { id: 4, title: 'z' });
    expect(changed.numAffectedRows).toBe(1n);
    expect(await db.selectFrom('notes').select('title').where('id', '=', 4).executeTakeFirst()).toEqual({
      title: 'z',
    });
  });

  it('runs inside a transaction on its connection (a rollback undoes it)', async () => {
    const db = sqliteDb();
    await withNotes(db);
    await expect(
      db.transaction().execute(async (trx) => {
        await insertNote.takeFirst(trx, { owner: 7, title: 'in trx', body: 'b' });
        expect(await trx.selectFrom('notes').select('id').where('title', '=', 'in trx').executeTakeFirst()).toEqual({
          id: 4,
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await db.selectFrom('notes').select('id').where('title', '=', 'in trx').executeTakeFirst()).toBeUndefined();
    await db.transaction().execute((trx) => insertNote.takeFirst(trx, { owner: 7, title: 'kept', body: null }));
    expect(await db.selectFrom('notes').select('id').where('title', '=', 'kept').executeTakeFirst()).toEqual({ id: 4 });
  });

  it('shares one template between a database and its transactions', async () => {
    const db = sqliteDb();
    await withNotes(db);
    let builds = 0;
    const byOwner = prepared((k: Kysely<TestDb>, p: { owner: number }) => {
      builds++;
      return k.selectFrom('notes').select('id').where('owner', '=', p.owner).orderBy('id');
    });
    expect((await byOwner.execute(db, { owner: 7 })).rows).toEqual([{ id: 1 }, { id: 2 }]);
    for (let i = 0; i < 3; i++) {
      await db.transaction().execute(async (trx) => {
        expect((await byOwner.execute(trx, { owner: 8 })).rows).toEqual([{ id: 3 }]);
      });
    }
    expect(builds).toBe(1);
  });

  it('sameAsDatabase: a transaction told its database builds nothing, not even the dialect probe', async () => {
    const db = sqliteDb();
    await withNotes(db);
    const byOwner = prepared((k: Kysely<TestDb>, p: { owner: number }) =>
      k.selectFrom('notes').select('id').where('owner', '=', p.owner),
    );
    await byOwner.execute(db, { owner: 7 });
    const probes = async (tell: boolean) =>
      db.transaction().execute(async (trx) => {
        if (tell) sameAsDatabase<TestDb>(trx, db);
        const spy = vi.spyOn(trx, 'selectFrom');
        expect((await byOwner.execute(trx, { owner: 8 })).rows).toEqual([{ id: 3 }]);
        return spy.mock.calls.length;
      });
    expect(await probes(false)).toBeGreaterThan(0); // an unknown instance compiles the probe
    expect(await probes(true)).toBe(0);
  });

  it('keeps the template with a plugin that only transforms results', async () => {
    const db = sqliteDb();
    await withNotes(db);
    await db.updateTable('notes').set({ body: '{"a":1}' }).where('id', '=', 1).execute();
    let builds = 0;
    const bodies = prepared((k: Kysely<TestDb>, p: { id: number }) => {
      builds++;
      return k.selectFrom('notes').select('body').where('id', '=', p.id);
    });
    const parsed = db.withPlugin(new ParseJSONResultsPlugin());
    expect((await bodies.execute(parsed, { id: 1 })).rows).toEqual([{ body: { a: 1 } }]);
    expect((await bodies.execute(db, { id: 1 })).rows).toEqual([{ body: '{"a":1}' }]);
    expect(builds).toBe(1);
  });

  it('uses no internal Kysely API (getExecutor is @internal)', () => {
    const source = readFileSync(fileURLToPath(new URL('../src/db/prepared.ts', import.meta.url)), 'utf8');
    expect(source).not.toMatch(/getExecutor|executor\.(adapter|plugins)/);
  });

  it('with plugins that rewrite queries, builds the query per call', async () => {
    const db = sqliteDb();
    await withNotes(db);
    let builds = 0;
    const titles = prepared((k: Kysely<TestDb>, p: { owner: number }) => {
      builds++;
      return k.selectFrom('notes').select(['id', 'deleted_at']).where('owner', '=', p.owner).orderBy('id');
    });
    const camel = db.withPlugin(new CamelCasePlugin());
    expect((await titles.execute(camel, { owner: 7 })).rows).toEqual([
      { id: 1, deletedAt: null },
      { id: 2, deletedAt: '2026-01-01' },
    ]);
    await titles.execute(camel, { owner: 8 });
    expect(builds).toBe(2);
  });

  it('refuses parameters that do not become bound values, and missing values', () => {
    const db = compilerOnly('sqlite');
    const decides = prepared((k: Kysely<TestDb>, p: { owner: number; all: boolean }) => {
      const q = k.selectFrom('notes').selectAll().where('owner', '=', p.owner);
      return p.all ? q : q.where('deleted_at', 'is', null);
    });
    expect(() => decides.compile(db, { owner: 1, all: true })).toThrow(/parameter "all" is not a bound value/);
    const inlined = prepared((k: Kysely<TestDb>, p: { title: string }) =>
      k.selectFrom('notes').selectAll().where('title', '=', sql.raw<string>(p.title)),
    );
    expect(() => inlined.compile(db, { title: 'a' })).toThrow(/not a bound value|written into the SQL/);
    expect(() => liveNotes.compile(db, { title: 'a', owner: 7 } as never)).toThrow(/no value for parameter "limit"/);
  });
});

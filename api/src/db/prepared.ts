/**
 * Hot-path queries compiled once. Kysely builds and compiles a query on every call (operation-node
 * trees, freezing, the SQL text) — on a write such as message/create that cost as much CPU as SQLite
 * itself. `prepared(build)` runs `build` once per dialect with placeholders for the parameters,
 * keeps the SQL text and where each placeholder landed, and per call only fills in the values:
 *   const findRow = prepared((db, p: { id: number }) => db.selectFrom('t').selectAll().where('id', '=', p.id));
 *   const row = await findRow.takeFirst(db, { id: 7 }); // or (trx, …) inside a transaction
 * Only Kysely's public API is used: `.compile()` once, then a `CompiledQuery` with the new values run
 * by `db.executeQuery` (the connection, the transaction, the SQLite mutex and the statement cache
 * behave as for any query).
 *
 * Rules for `build`: use the parameters only as bound values (`where(col, '=', p.x)`, `.values`,
 * `.set`, `case … then(p.x)`); the SQL must not depend on their values (no `if (p.x)`, no
 * `is null` comparison against a parameter, no `undefined` to leave a column out). The first
 * compilation checks that each parameter read became a bound value.
 *
 * One template serves every Kysely instance that compiles a probe query to the same SQL (the
 * dialect's quoting, placeholders and limit syntax): a database and its transactions share it. An
 * instance whose plugins rewrite the probe (CamelCasePlugin, WithSchemaPlugin …) gets the query
 * built and compiled per call; a plugin that rewrites other queries but leaves the probe alone is
 * not detected — the API's databases have no plugins.
 */
import type { CompiledQuery, Compilable, Kysely, QueryResult } from 'kysely';

/** A placeholder standing for the parameter `name` while the query is compiled. */
class Placeholder {
  constructor(readonly name: string) {}
}

interface Template {
  sql: string;
  query: CompiledQuery['query'];
  queryId: CompiledQuery['queryId'];
  /** Per bound value of the SQL: the parameter's name, or undefined for a constant of the query. */
  names: (string | undefined)[];
  constants: unknown[];
}

export interface PreparedQuery<DB, P, O> {
  /** The compiled query for these values (the same SQL and parameters `build(db, values).compile()` gives). */
  compile(db: Kysely<DB>, values: P): CompiledQuery<O>;
  /** Runs it on `db` or a transaction of it. */
  execute(db: Kysely<DB>, values: P): Promise<QueryResult<O>>;
  /** The first row, or undefined. */
  takeFirst(db: Kysely<DB>, values: P): Promise<O | undefined>;
}

function compileTemplate<DB, P, O>(db: Kysely<DB>, build: (db: Kysely<DB>, values: P) => Compilable<O>): Template {
  const placeholders = new Map<string, Placeholder>();
  const values = new Proxy({} as Record<string, unknown>, {
    get(_target, name) {
      if (typeof name !== 'string') return undefined;
      let placeholder = placeholders.get(name);
      if (!placeholder) {
        placeholder = new Placeholder(name);
        placeholders.set(name, placeholder);
      }
      return placeholder;
    },
  }) as P;
  const compiled = build(db, values).compile();
  const names: (string | undefined)[] = [];
  const constants: unknown[] = [];
  const bound = new Set<string>();
  for (const value of compiled.parameters) {
    if (value instanceof Placeholder) {
      names.push(value.name);
      constants.push(undefined);
      bound.add(value.name);
    } else {
      names.push(undefined);
      constants.push(value);
    }
  }
  for (const name of placeholders.keys()) {
    if (!bound.has(name)) throw new Error(`prepared query: parameter "${name}" is not a bound value of the query`);
  }
  if (compiled.sql.includes('[object Object]')) {
    throw new Error('prepared query: a parameter was written into the SQL text instead of being bound');
  }
  return { sql: compiled.sql, query: compiled.query, queryId: compiled.queryId, names, constants };
}

interface ProbeDb {
  probe_table: { probe_column: number; probeColumn: number };
}

/** Per Kysely instance (a database or a transaction): what it compiles the probe to, or null when plugins rewrite it. */
const flavours = new WeakMap<object, string | null>();

const compileProbe = (db: Kysely<ProbeDb>): string =>
  db
    .selectFrom('probe_table')
    .select(['probe_column', 'probeColumn'])
    .where('probe_column', '=', 1)
    .limit(2)
    .offset(3)
    .compile().sql;

/**
 * A transaction compiles as the database it was opened on (same dialect, same plugins): give it the
 * database's flavour, so a hot path that opens a transaction per request (message/create) does not
 * compile the probe twice for every new transaction instance.
 *   await db.transaction().execute(async (trx) => { sameAsDatabase(trx, db); … })
 */
export function sameAsDatabase<DB>(trx: Kysely<DB>, db: Kysely<DB>): void {
  if (!flavours.has(trx)) flavours.set(trx, flavourOf(db as Kysely<unknown>));
}

function flavourOf(db: Kysely<unknown>): string | null {
  let flavour = flavours.get(db);
  if (flavour === undefined) {
    const probe = db as unknown as Kysely<ProbeDb>;
    const sql = compileProbe(probe);
    flavour = sql === compileProbe(probe.withoutPlugins()) ? sql : null;
    flavours.set(db, flavour);
  }
  return flavour;
}

export function prepared<DB, P extends object, O>(
  build: (db: Kysely<DB>, values: P) => Compilable<O>,
): PreparedQuery<DB, P, O> {
  // one template per flavour of SQL: a Kysely instance and its transactions share it
  const templates = new Map<string, Template>();

  function compile(db: Kysely<DB>, values: P): CompiledQuery<O> {
    const flavour = flavourOf(db as Kysely<unknown>);
    if (flavour === null) return build(db, values).compile();
    let template = templates.get(flavour);
    if (!template) {
      template = compileTemplate(db, build);
      templates.set(flavour, template);
    }
    const { names, constants } = template;
    const byName = values as Record<string, unknown>;
    const parameters = new Array<unknown>(names.length);
    for (let i = 0; i < names.length; i++) {
      const name = names[i];
      if (name === undefined) {
        parameters[i] = constants[i];
      } else {
        const value = byName[name];
        if (value === undefined) throw new Error(`prepared query: no value for parameter "${name}"`);
        parameters[i] = value;
      }
    }
    return { sql: template.sql, parameters, query: template.query, queryId: template.queryId } as CompiledQuery<O>;
  }

  return {
    compile,
    execute: (db, values) => db.executeQuery(compile(db, values)),
    async takeFirst(db, values) {
      const result = await db.executeQuery(compile(db, values));
      return result.rows[0];
    },
  };
}

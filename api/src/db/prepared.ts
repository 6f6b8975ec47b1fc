/**
 * Hot-path queries compiled once. Kysely builds and compiles a query on every call (operation-node
 * trees, freezing, the SQL text) — on a write such as message/create that cost as much CPU as SQLite
 * itself. `prepared(build)` runs `build` once per dialect with placeholders for the parameters,
 * keeps the SQL text and where each placeholder landed, and per call only fills in the values:
 *   const findRow = prepared((db, p: { id: number }) => db.selectFrom('t').selectAll().where('id', '=', p.id));
 *   const row = await findRow.takeFirst(db, { id: 7 }); // or (trx, …) inside a transaction
 * It runs through Kysely's own `executeQuery` (the connection, the transaction, the SQLite mutex
 * and the statement cache behave as for any query).
 *
 * Rules for `build`: use the parameters only as bound values (`where(col, '=', p.x)`, `.values`,
 * `.set`, `case … then(p.x)`); the SQL must not depend on their values (no `if (p.x)`, no
 * `is null` comparison against a parameter, no `undefined` to leave a column out). The first
 * compilation checks that each parameter read became a bound value. A database with plugins gets
 * the query built and compiled per call (plugins may rewrite the query).
 */
import type { CompiledQuery, Compilable, DialectAdapter, Kysely, QueryResult } from 'kysely';

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

export function prepared<DB, P extends object, O>(
  build: (db: Kysely<DB>, values: P) => Compilable<O>,
): PreparedQuery<DB, P, O> {
  // one template per dialect adapter: a Kysely instance and its transactions share it
  const templates = new WeakMap<DialectAdapter, Template>();

  function compile(db: Kysely<DB>, values: P): CompiledQuery<O> {
    const executor = db.getExecutor();
    if (executor.plugins.length > 0) return build(db, values).compile();
    let template = templates.get(executor.adapter);
    if (!template) {
      template = compileTemplate(db, build);
      templates.set(executor.adapter, template);
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

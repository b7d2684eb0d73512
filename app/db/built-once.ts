// A statement whose SQL Drizzle writes once per database instead of at every execution.
//
// Drizzle walks a select's columns, joins and subqueries and writes its text each time it
// runs: 0.2 ms of the main thread for a page's car rows (35 columns, three joins and a
// subquery), several times a page (issue 29). A statement built once takes its values
// through placeholders (sql.placeholder) and runs with `.execute(values)`.
//
// Only for statements outside transactions (a transaction has a handle of its own). On
// PostgreSQL Drizzle makes each a named prepared statement on each connection, which
// PostgreSQL may plan once after five executions: keep it to lookups by key, the
// statements one-plan.ts marks, whose one plan serves every value.
import type { Db } from "./client.server.ts";

/** `build(db)`, made once for each database it is asked for. */
export function builtOnce<Statement>(build: (db: Db) => Statement): (db: Db) => Statement {
  const built = new WeakMap<Db, Statement>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

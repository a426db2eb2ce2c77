/**
 * drizzle's postgres.js driver sends its queries unnamed, and postgres.js then runs
 * each parameterized query as describe-then-execute: two round trips and a fresh plan
 * every time (bench/findings.md, figure 1). This wrapper asks postgres.js to keep named
 * prepared statements instead, in transactions and savepoints too. Query texts come
 * from code, so the per-connection statement cache stays bounded.
 */
import "server-only";
import type postgres from "postgres";

type Client = postgres.Sql | postgres.TransactionSql;

export function withPreparedStatements<C extends Client>(client: C): C {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property === "unsafe") {
        return (query: string, params?: unknown[], options?: object) =>
          (target.unsafe as (q: string, p?: unknown[], o?: object) => unknown)(query, params, { ...options, prepare: true });
      }
      if (property === "begin" || property === "savepoint") {
        return (...args: unknown[]) => {
          const body = args.at(-1) as (tx: postgres.TransactionSql) => unknown;
          return (value as (...a: unknown[]) => unknown).apply(target, [
            ...args.slice(0, -1),
            (tx: postgres.TransactionSql) => body(withPreparedStatements(tx)),
          ]);
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

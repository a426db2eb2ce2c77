/**
 * The database connection: DATABASE_URL when set, otherwise the embedded server.
 * Cached on globalThis so Next's module reloading in development and the many route
 * modules of a production build share one pool.
 */
import "server-only";
import { drizzle, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { env } from "@/env";
import { embeddedUrl, ensureEmbeddedPostgres } from "./embedded";
import { runMigrations } from "./migrate";
import { withPreparedStatements } from "./prepared";
import * as schema from "./schema";

export type Database = PostgresJsDatabase<typeof schema>;
/** A database handle or an open transaction: verbs accept either. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0] | Database;

interface Connection {
  sql: postgres.Sql;
  db: Database;
  ready: Promise<void>;
}

const globalCache = globalThis as unknown as { __atriumDb?: Connection };

export function databaseUrl(): string {
  return env.DATABASE_URL ?? embeddedUrl({ dataDir: env.DATA_DIR, port: env.EMBEDDED_PG_PORT });
}

function connect(): Connection {
  if (env.VERCEL && !env.DATABASE_URL) {
    throw new Error("DATABASE_URL is required on Vercel: an embedded database cannot run there.");
  }
  const sql = postgres(databaseUrl(), {
    max: 10,
    onnotice: () => {},
    connection: { application_name: "atrium" },
  });
  const db = drizzle(env.DATABASE_PREPARE ? withPreparedStatements(sql) : sql, { schema });
  const ready = (async () => {
    if (!env.DATABASE_URL) await ensureEmbeddedPostgres({ dataDir: env.DATA_DIR, port: env.EMBEDDED_PG_PORT });
    // Through a transaction pooler the migration lock could be taken and released on different sessions.
    await runMigrations((env.DATABASE_URL && env.DATABASE_URL_UNPOOLED) || databaseUrl(), { signupPlan: env.STUDIO_SIGNUP_PLAN });
  })();
  return { sql, db, ready };
}

function connection(): Connection {
  globalCache.__atriumDb ??= connect();
  return globalCache.__atriumDb;
}

/** Resolves once the server is up and migrations are applied. Await before the first query. */
export async function getDb(): Promise<Database> {
  const conn = connection();
  await conn.ready;
  return conn.db;
}

export async function getSql(): Promise<postgres.Sql> {
  const conn = connection();
  await conn.ready;
  return conn.sql;
}

export async function closeDb(): Promise<void> {
  const conn = globalCache.__atriumDb;
  globalCache.__atriumDb = undefined;
  if (conn) await conn.sql.end({ timeout: 5 });
}

/**
 * The suite's databases: a PostgreSQL server of its own (an embedded one on its own
 * port and data folder, or the server of DATABASE_URL when set), with one fresh,
 * migrated database per app server, dropped at the end.
 */
import crypto from "node:crypto";
import path from "node:path";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { embeddedUrl, ensureEmbeddedPostgres } from "@/db/embedded";
import { runMigrations } from "@/db/migrate";
import * as schema from "@/db/schema";
import type { Database } from "@/db/client";

export interface SuiteDatabase {
  url: string;
  db: Database;
  sql: postgres.Sql;
  drop(): Promise<void>;
}

const SUITE_PG_PORT = Number(process.env.RELIABILITY_PG_PORT ?? 54359);

export async function startDatabaseServer(): Promise<string> {
  if (process.env.DATABASE_URL) return withDatabase(process.env.DATABASE_URL, "postgres");
  await ensureEmbeddedPostgres({ dataDir: path.resolve(".data", "reliability"), port: SUITE_PG_PORT });
  return embeddedUrl({ dataDir: "", port: SUITE_PG_PORT }, "postgres");
}

export async function createDatabase(serverUrl: string, label: string): Promise<SuiteDatabase> {
  const name = `atrium_rel_${label}_${Date.now()}_${crypto.randomBytes(3).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = withDatabase(serverUrl, name);
  await runMigrations(url);
  const sql = postgres(url, { max: 4, onnotice: () => {} });
  return {
    url,
    sql,
    db: drizzle(sql, { schema }) as unknown as Database,
    async drop() {
      await sql.end({ timeout: 5 });
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

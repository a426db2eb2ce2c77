/**
 * Gives each test run a fresh migrated database on the embedded server (or on the server
 * of DATABASE_URL). Nothing connects to it: it is the template each test file copies
 * into a database of its own (test/own-database.ts). When the run ends the template and
 * every copy are dropped. Test files read its URL and a private data folder through
 * test/setup-env.ts.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { embeddedUrl, ensureEmbeddedPostgres } from "../db/embedded";
import { runMigrations } from "../db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  const port = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    await ensureEmbeddedPostgres({ dataDir: process.env.DATA_DIR ?? ".data", port });
    serverUrl = embeddedUrl({ dataDir: "", port }, "postgres");
  }
  const name = `atrium_test_${Date.now()}_${crypto.randomBytes(3).toString("hex")}`;
  const admin = postgres(withDatabase(serverUrl, "postgres"), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const databaseUrl = withDatabase(serverUrl, name);
  await runMigrations(databaseUrl);

  const dataDir = path.resolve(".data", "test-runs", name);
  fs.mkdirSync(dataDir, { recursive: true });
  project.provide("databaseUrl", databaseUrl);
  project.provide("dataDir", dataDir);

  return async () => {
    const copies = await admin<{ datname: string }[]>`select datname from pg_database where datname like ${`${name}%`}`;
    for (const { datname } of copies) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

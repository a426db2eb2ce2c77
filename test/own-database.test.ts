/**
 * Each test file runs on its own copy of the run's migrated database (own-database.ts),
 * so a file's local executor never takes another file's jobs.
 */
import { sql } from "drizzle-orm";
import { afterAll, expect, it, inject } from "vitest";
import { closeDb, getDb } from "@/db/client";

afterAll(closeDb);

it("runs this file on a migrated copy of the run's template, not on the template itself", async () => {
  const db = await getDb();
  const [{ name }] = (await db.execute(sql`select current_database() as name`)) as unknown as { name: string }[];
  const template = new URL(inject("databaseUrl")).pathname.slice(1);
  expect(name).not.toBe(template);
  expect(name.startsWith(`${template}_`)).toBe(true);
  const [{ migrated }] = (await db.execute(sql`select to_regclass('executor.runs') is not null as migrated`)) as unknown as {
    migrated: boolean;
  }[];
  expect(migrated).toBe(true);
});

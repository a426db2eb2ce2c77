/**
 * The migration journal as drizzle's migrator reads it: it applies only the migrations
 * dated after the newest one a database has, so a migration dated earlier than one before
 * it (a branch's migration renumbered after main's on a merge, keeping its old date) would
 * be skipped on every database already past that date, and never run there.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { migrationsFolder } from "./migrate";

const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as {
  entries: { idx: number; tag: string; when: number }[];
};

it("numbers the migrations in order and dates each after the one before", () => {
  const outOfOrder = journal.entries.filter((entry, i) => i > 0 && entry.when <= journal.entries[i - 1].when).map((entry) => entry.tag);
  expect(outOfOrder).toEqual([]);
  expect(journal.entries.map((entry) => entry.idx)).toEqual(journal.entries.map((_, i) => i));
  expect(journal.entries.map((entry) => entry.tag.slice(0, 4))).toEqual(journal.entries.map((_, i) => String(i).padStart(4, "0")));
});

it("has one SQL file per journal entry and no other", () => {
  const files = fs
    .readdirSync(migrationsFolder())
    .filter((file) => file.endsWith(".sql"))
    .sort();
  expect(files).toEqual(journal.entries.map((entry) => `${entry.tag}.sql`));
});

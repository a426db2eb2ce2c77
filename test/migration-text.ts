import fs from "node:fs";
import path from "node:path";
import { migrationsFolder } from "@/db/migrate";

/**
 * The SQL of one migration, found by its name without the number: a merge renumbers
 * migrations, and a test that names the number would then read nothing.
 */
export function migrationText(name: string): string {
  const files = fs.readdirSync(migrationsFolder()).filter((file) => file.endsWith(`_${name}.sql`));
  if (files.length !== 1) throw new Error(`expected one migration named ${name}, found ${files.length}`);
  return fs.readFileSync(path.join(migrationsFolder(), files[0]), "utf8");
}

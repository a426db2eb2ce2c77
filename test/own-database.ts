/**
 * Each test file's own database, a copy of the run's migrated template (global-setup.ts).
 * Files run in parallel, and a file that starts a local executor works the pg-boss queue
 * and executor tables of its database: on a shared one it would take and run another
 * file's jobs against its own servers and folders (a flaky stall or failure). A copy
 * costs a fraction of a second; global-setup drops them all when the run ends.
 */
import crypto from "node:crypto";
import postgres from "postgres";

/** Creates the copy and returns its URL. */
export async function ownDatabase(templateUrl: string): Promise<string> {
  const template = new URL(templateUrl);
  const templateName = template.pathname.slice(1);
  const name = `${templateName}_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new URL(templateUrl);
  admin.pathname = "/postgres";
  const sql = postgres(admin.toString(), { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(`create database "${name}" template "${templateName}"`);
  } finally {
    await sql.end();
  }
  template.pathname = `/${name}`;
  return template.toString();
}

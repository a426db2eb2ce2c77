/**
 * The embedded PostgreSQL server used when DATABASE_URL is unset.
 *
 * Several processes of the project (web server, admin command line, tests) may need
 * the database at once. The first one to find nothing listening on the port starts
 * the server under a lock file; the others just connect. The starting process owns the
 * server through a child process, db/embedded-host.mjs, which stops it when its parent
 * exits (that file says why the library never loads in this process).
 */
import "server-only";
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

const USER = "postgres";
const PASSWORD = "postgres";

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
}

export function embeddedUrl({ port }: EmbeddedOptions, database = "atrium"): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A lock file holding the owner's pid; a lock left by a dead process is taken over. */
async function withStartLock<T>(lockPath: string, work: () => Promise<T>): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      const fd = fs.openSync(lockPath, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(fs.readFileSync(lockPath, "utf8") || 0);
      if (!holder || !pidAlive(holder)) {
        fs.rmSync(lockPath, { force: true });
        continue;
      }
      if (tries > 600) throw new Error(`Timed out waiting for ${lockPath} (held by pid ${holder})`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lockPath, { force: true });
  }
}

const started = new Map<string, Promise<void>>();

/**
 * Makes sure this data folder's embedded server is accepting connections on the port;
 * idempotent. Rejects when the port is served by another folder's server.
 */
export function ensureEmbeddedPostgres(options: EmbeddedOptions): Promise<void> {
  const key = `${path.resolve(options.dataDir)}:${options.port}`;
  let ready = started.get(key);
  if (!ready) {
    ready = startOrJoin(options).catch((error) => {
      started.delete(key);
      throw error;
    });
    started.set(key, ready);
  }
  return ready;
}

async function startOrJoin({ dataDir, port }: EmbeddedOptions): Promise<void> {
  const root = path.resolve(dataDir);
  const databaseDir = path.join(root, "postgres");
  if (await isListening(port)) return assertServesFolder(port, databaseDir);
  fs.mkdirSync(root, { recursive: true });
  await withStartLock(path.join(root, "postgres.lock"), async () => {
    if (await isListening(port)) return;
    await startHost(databaseDir, port);
  });
  await assertServesFolder(port, databaseDir);
  await ensureDatabase(port, "atrium");
}

/** Spawns the host process and waits until its server accepts connections. */
function startHost(databaseDir: string, port: number): Promise<void> {
  // The host is plain JavaScript resolved from the project root: Next bundles this module,
  // so its own location says nothing about where the host lies.
  const host = path.join(process.cwd(), "db", "embedded-host.mjs");
  if (!fs.existsSync(host)) throw new Error(`The embedded database host ${host} is missing: run from the project's root folder.`);
  const child = spawn(process.execPath, [host, databaseDir, String(port), USER, PASSWORD], {
    stdio: ["ignore", "ignore", process.env.ATRIUM_DEBUG_PG ? "inherit" : "ignore", "ipc"],
  });
  return new Promise((resolve, reject) => {
    child.once("message", (message: { ready?: boolean; error?: string }) => {
      if (!message.ready) return reject(new Error(`The embedded PostgreSQL server did not start: ${message.error}`));
      // The host must not keep this process alive: a finished test run would otherwise wait
      // for it. It still stops the server when this process exits and the channel closes.
      child.unref();
      child.channel?.unref();
      resolve();
    });
    child.once("exit", (code) => reject(new Error(`The embedded PostgreSQL host exited with code ${code} before the server was ready.`)));
    child.once("error", reject);
  });
}

/** Refuses a server on the port that does not run from this data folder. */
async function assertServesFolder(port: number, databaseDir: string): Promise<void> {
  const { default: postgres } = await import("postgres");
  const admin = postgres(embeddedUrl({ dataDir: "", port }, "postgres"), { max: 1, onnotice: () => {}, connect_timeout: 10 });
  let served: string;
  try {
    const [row] = await admin<{ data_directory: string }[]>`show data_directory`;
    served = row.data_directory;
  } catch (error) {
    throw new Error(
      `Port ${port} is taken by a server that is not this data folder's embedded PostgreSQL (${(error as Error).message}). ` +
        `Set EMBEDDED_PG_PORT to a free port for ${databaseDir}.`,
    );
  } finally {
    await admin.end();
  }
  if (!samePath(served, databaseDir)) {
    throw new Error(
      `Port ${port} is served by the embedded PostgreSQL of ${served}, not of this data folder (${databaseDir}). ` +
        `Another checkout is probably running: set EMBEDDED_PG_PORT to a free port, or DATABASE_URL to share a server on purpose.`,
    );
  }
}

function samePath(a: string, b: string): boolean {
  const real = (p: string) => {
    try {
      return fs.realpathSync(p);
    } catch {
      return path.resolve(p);
    }
  };
  return real(a) === real(b);
}

/** Creates a database on the embedded server if it does not exist yet. */
export async function ensureDatabase(port: number, name: string): Promise<void> {
  const { default: postgres } = await import("postgres");
  const admin = postgres(embeddedUrl({ dataDir: "", port }, "postgres"), { max: 1, onnotice: () => {} });
  try {
    const rows = await admin`select 1 from pg_database where datname = ${name}`;
    if (rows.length === 0) await admin.unsafe(`create database "${name}"`);
  } catch (error) {
    // Two processes may race to create it; the loser sees a duplicate.
    if ((error as { code?: string }).code !== "42P04") throw error;
  } finally {
    await admin.end();
  }
}

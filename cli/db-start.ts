/**
 * Starts the embedded PostgreSQL server (if nothing listens on its port yet), applies
 * migrations and keeps it running until interrupted. Useful when several tools share
 * one database during development; the app and tests start it on their own otherwise.
 */
import { databaseUrl, getDb } from "@/db/client";

await getDb();
console.log(`PostgreSQL ready at ${databaseUrl().replace(/:[^:@/]+@/, ":***@")}; Ctrl-C stops it.`);
// Stay up until interrupted: the server's process does not hold this one open.
setInterval(() => undefined, 1 << 30);

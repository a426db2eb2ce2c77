import "server-only";
import { getDb } from "@/db/client";
import { env } from "@/env";
import { logError } from "@/server/log";
import { settleAbandonedSyncJobs } from "./settle-abandoned-sync-jobs";

/** At server start, in the background: settle synchronous jobs a crashed process left running. */
export function settleAbandonedOnStart(): void {
  // A build or a deployment without a database yet has nothing to settle.
  if (env.VERCEL && !env.DATABASE_URL) return;
  // The database alone, not the service context: instrumentation.ts runs this in every
  // function, so its imports are in every function's files (docs/deploy.md).
  void getDb()
    .then((db) => settleAbandonedSyncJobs({ db, now: () => new Date() }))
    .then((count) => count > 0 && console.log(`[v1] settled ${count} interrupted synchronous job(s) with refunds`))
    .catch((error) => logError("[v1] settling interrupted jobs failed:", error));
}

import "server-only";
import { env } from "@/env";
import { getDb } from "@/db/client";
import { logError } from "@/server/log";
import { sealStoredShareTokens } from "./share-token";

/** At server start, in the background: seal share tokens stored in plaintext before tokens were hashed. */
export function sealShareTokensOnStart(): void {
  // A build or a deployment without a database yet has nothing to seal.
  if (env.VERCEL && !env.DATABASE_URL) return;
  void getDb()
    .then((db) => sealStoredShareTokens(db))
    .then((count) => count > 0 && console.log(`[studio] sealed ${count} share link token(s) stored in plaintext`))
    .catch((error) => logError("[studio] sealing stored share tokens failed:", error));
}

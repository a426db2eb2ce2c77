import "server-only";
import { getDb } from "@/db/client";
import { env } from "@/env";
import { logError } from "@/server/log";
import { encryptStoredWebhookSecrets } from "./webhook-secret";

/** At server start, in the background: encrypt webhook secrets stored before they were encrypted at rest. */
export function sealWebhookSecretsOnStart(): void {
  // A build or a deployment without a database yet has nothing to seal.
  if (env.VERCEL && !env.DATABASE_URL) return;
  // The database alone, not the service context: instrumentation.ts runs this in every
  // function, so its imports are in every function's files (docs/deploy.md).
  void getDb()
    .then((db) => encryptStoredWebhookSecrets(db))
    .then((count) => count > 0 && console.log(`[v1] encrypted ${count} webhook secret(s) stored in plaintext`))
    .catch((error) => logError("[v1] encrypting stored webhook secrets failed:", error));
}

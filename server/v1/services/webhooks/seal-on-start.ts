import "server-only";
import { env } from "@/env";
import { logError } from "@/server/log";
import { createVerbContext } from "@/server/context";
import { encryptStoredWebhookSecrets } from "./webhook-secret";

/** At server start, in the background: encrypt webhook secrets stored before they were encrypted at rest. */
export function sealWebhookSecretsOnStart(): void {
  // A build or a deployment without a database yet has nothing to seal.
  if (env.VERCEL && !env.DATABASE_URL) return;
  void createVerbContext()
    .then((ctx) => encryptStoredWebhookSecrets(ctx.db))
    .then((count) => count > 0 && console.log(`[v1] encrypted ${count} webhook secret(s) stored in plaintext`))
    .catch((error) => logError("[v1] encrypting stored webhook secrets failed:", error));
}

/**
 * Next calls register() once per server process (once per function instance on Vercel),
 * before it serves. In the nodejs runtime it records each request's connection address
 * (for the client-address rule), refuses a Vercel deployment that lacks a
 * required setting, and a production server anywhere that lacks its secrets, naming
 * each one, then starts the local executor when no Inngest
 * server is configured, settles synchronous jobs a crashed predecessor left behind, and
 * encrypts webhook secrets and share tokens stored in plaintext before, and puts workspaces
 * left on a key an admin pasted back on their own provisioned account.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // First, so every request from here on carries its connection's address (client-ip.ts).
    const { recordConnectionAddresses } = await import("./server/http/connection-address");
    recordConnectionAddresses();
    const { env } = await import("./env");
    const { assertVercelSettings } = await import("./server/deploy/vercel-settings");
    assertVercelSettings(env);
    const { assertProductionSecrets } = await import("./server/deploy/production-secrets");
    assertProductionSecrets(env);
    const { startExecutorInApp } = await import("./inngest/local/start-in-app");
    startExecutorInApp();
    const { settleAbandonedOnStart } = await import("./server/v1/services/media/settle-on-start");
    settleAbandonedOnStart();
    const { sealWebhookSecretsOnStart } = await import("./server/v1/services/webhooks/seal-on-start");
    sealWebhookSecretsOnStart();
    const { sealShareTokensOnStart } = await import("./server/studio/exports/seal-on-start");
    sealShareTokensOnStart();
    const { restoreProvisionedKeysOnStart } = await import("./server/studio/workspaces/restore-on-start");
    restoreProvisionedKeysOnStart();
  }
}

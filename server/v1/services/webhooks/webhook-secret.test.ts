/**
 * Webhook secrets at rest: a copy of v1.webhook_endpoints must not let anyone sign
 * deliveries. New secrets are stored sealed, in the Standard Webhooks form; secrets stored
 * in plaintext before are sealed by the start-up backfill and keep signing the same way.
 */
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { makeAccount } from "@/test/fixtures";
import { createEndpoint } from "./create-endpoint";
import { standardSignature } from "./sign-webhook";
import { encryptStoredWebhookSecrets, openWebhookSecret } from "./webhook-secret";

async function stored(endpointId: string): Promise<string> {
  const [row] = await (
    await getDb()
  )
    .select({ secret: webhookEndpoints.secret })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, endpointId));
  return row.secret;
}

describe("webhook secrets at rest", () => {
  it("stores a new secret encrypted, never as given, in a form the standardwebhooks library takes", async () => {
    const { accountId } = await makeAccount();
    const { endpointId, secret } = await createEndpoint(await getDb(), {
      accountId,
      url: `http://127.0.0.1:${process.env.FIXTURE_PORT}/hook`,
      eventTypes: ["job.completed"],
    });
    const row = await stored(endpointId);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(row).not.toContain(secret);
    expect(row).not.toContain("whsec_");
    expect(openWebhookSecret(row)).toBe(secret);
    // Our signature is the library's, byte for byte.
    const at = new Date(1_800_000_000_000);
    expect(standardSignature(secret, "evt_1", 1_800_000_000, '{"a":1}')).toBe(new Webhook(secret).sign("evt_1", at, '{"a":1}'));
  });

  it("seals secrets stored in plaintext before, which keep signing the same", async () => {
    const db = await getDb();
    const { accountId } = await makeAccount();
    const legacy = `whsec_${"L".repeat(32)}`;
    const [row] = await db
      .insert(webhookEndpoints)
      .values({ accountId, url: "https://hooks.example.com/old", eventTypes: ["job.completed"], secret: legacy })
      .returning({ id: webhookEndpoints.id });
    expect(openWebhookSecret(await stored(row.id))).toBe(legacy);

    expect(await encryptStoredWebhookSecrets(db)).toBeGreaterThanOrEqual(1);
    const sealed = await stored(row.id);
    expect(sealed).not.toContain(legacy);
    expect(openWebhookSecret(sealed)).toBe(legacy);
    // Nothing left in plaintext: a second run (another instance starting) seals nothing.
    expect(await encryptStoredWebhookSecrets(db)).toBe(0);
  });
});

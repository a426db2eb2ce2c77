/**
 * Webhook secrets at rest: a copy of v1.accounts must not let anyone sign deliveries.
 * New secrets are stored sealed; secrets stored in plaintext before are sealed by the
 * start-up backfill and keep signing the same way.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { accounts } from "@/db/schema";
import { makeAccount } from "@/test/fixtures";
import { setWebhook } from "./set-webhook";
import { encryptStoredWebhookSecrets, openWebhookSecret } from "./webhook-secret";

async function stored(accountId: string): Promise<string> {
  const [row] = await (await getDb()).select({ secret: accounts.webhookSecret }).from(accounts).where(eq(accounts.id, accountId));
  return row.secret!;
}

describe("webhook secrets at rest", () => {
  it("stores a new secret encrypted, never as given", async () => {
    const { accountId } = await makeAccount();
    const { secret } = await setWebhook(await getDb(), { accountId, url: `http://127.0.0.1:${process.env.FIXTURE_PORT}/hook` });
    const row = await stored(accountId);
    expect(secret).toMatch(/^whsec_/);
    expect(row).not.toContain(secret);
    expect(row).not.toContain("whsec_");
    expect(openWebhookSecret(row)).toBe(secret);
  });

  it("seals secrets stored in plaintext before, which keep signing the same", async () => {
    const db = await getDb();
    const { accountId } = await makeAccount();
    const legacy = `whsec_${"L".repeat(32)}`;
    await db.update(accounts).set({ webhookUrl: "https://hooks.example.com/old", webhookSecret: legacy }).where(eq(accounts.id, accountId));
    expect(openWebhookSecret(await stored(accountId))).toBe(legacy);

    expect(await encryptStoredWebhookSecrets(db)).toBeGreaterThanOrEqual(1);
    const row = await stored(accountId);
    expect(row).not.toContain(legacy);
    expect(openWebhookSecret(row)).toBe(legacy);
    // Nothing left in plaintext: a second run (another instance starting) seals nothing.
    expect(await encryptStoredWebhookSecrets(db)).toBe(0);
  });
});

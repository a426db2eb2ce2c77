import "server-only";
import { count, eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { accounts, webhookEndpoints } from "@/db/schema";
import { AppError } from "@/server/errors";
import { MAX_WEBHOOK_ENDPOINTS } from "@/shared/vocabulary";
import { checkEndpointUrl } from "./check-endpoint-url";
import { checkDescription, checkEventTypes } from "./endpoint-fields";
import { newWebhookSecret, sealWebhookSecret } from "./webhook-secret";

export interface CreateEndpointInput {
  accountId: string;
  url: string;
  eventTypes: readonly string[];
  description?: string;
  createdBy?: string;
}

/** Registers a webhook endpoint (at most MAX_WEBHOOK_ENDPOINTS per account, D16) and returns its signing secret, shown this once. */
export async function createEndpoint(db: Tx, input: CreateEndpointInput): Promise<{ endpointId: string; secret: string }> {
  const url = await checkEndpointUrl(input.url);
  const eventTypes = checkEventTypes(input.eventTypes);
  const description = checkDescription(input.description);
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    // Locked so two registrations at once cannot both pass the limit.
    const [account] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, input.accountId)).for("update");
    if (!account) throw new AppError("not_found", "No such account.");
    const [{ endpoints }] = await tx
      .select({ endpoints: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.accountId, input.accountId));
    if (endpoints >= MAX_WEBHOOK_ENDPOINTS)
      throw new AppError("conflict", `An account can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints. Delete one first.`);
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        accountId: input.accountId,
        url,
        eventTypes,
        description,
        secret: sealWebhookSecret(secret),
        createdBy: input.createdBy ?? null,
      })
      .returning({ id: webhookEndpoints.id });
    return { endpointId: row.id, secret };
  });
}

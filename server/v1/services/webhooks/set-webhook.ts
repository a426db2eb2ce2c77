import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { WEBHOOK_EVENT_TYPES } from "@/shared/vocabulary";
import { createEndpoint } from "./create-endpoint";

/**
 * `npm run admin -- webhook set` (D11, before D16): the account's endpoints become this one
 * URL with every event type; returns its new signing secret. `webhook add` keeps the others.
 */
export async function setWebhook(
  db: Database,
  input: { accountId: string; url: string },
): Promise<{ endpoint_id: string; secret: string }> {
  return db.transaction(async (tx) => {
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.accountId, input.accountId));
    const { endpointId, secret } = await createEndpoint(tx, {
      accountId: input.accountId,
      url: input.url,
      eventTypes: WEBHOOK_EVENT_TYPES,
      createdBy: "admin",
    });
    return { endpoint_id: endpointId, secret };
  });
}

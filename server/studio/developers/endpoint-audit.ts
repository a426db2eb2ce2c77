import "server-only";
import type { Tx } from "@/db/client";
import { listEndpoints } from "@/server/v1/services/webhooks/list-endpoints";

/** How the audit log names an endpoint: its URL (the id when it is gone, so the verb's own not_found still answers). */
export async function endpointAuditTarget(db: Tx, input: { accountId: string; endpointId: string }): Promise<string> {
  const [endpoint] = await listEndpoints(db, input);
  return endpoint?.url ?? input.endpointId;
}

import "server-only";
import { AppError } from "@/server/errors";
import { listEndpoints } from "@/server/v1/services/webhooks/list-endpoints";
import { listDeliveries } from "@/server/v1/services/webhooks/list-deliveries";
import type { StudioContext } from "../context";
import { developerAccount } from "./developer-account";

const PAGE = 25;

/** A page of one endpoint's delivery log, newest first, with every attempt. */
export async function listWebhookDeliveries(
  ctx: Pick<StudioContext, "db">,
  input: { workspaceId: string; endpointId: string; cursor?: { at: Date; id: string } },
) {
  const { accountId } = await developerAccount(ctx, input.workspaceId);
  const [endpoint] = await listEndpoints(ctx.db, { accountId, endpointId: input.endpointId });
  if (!endpoint) throw new AppError("not_found", "No such webhook endpoint in this workspace.");
  return listDeliveries(ctx.db, { accountId, endpointId: input.endpointId, before: input.cursor, limit: PAGE });
}

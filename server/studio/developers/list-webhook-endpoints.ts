import "server-only";
import { env } from "@/env";
import { AppError } from "@/server/errors";
import { listEndpoints } from "@/server/v1/services/webhooks/list-endpoints";
import type { StudioContext } from "../context";
import { actorNames } from "./actor-names";
import { developerAccount } from "./developer-account";

/** The workspace account's webhook endpoints (or one of them), and whether this deployment sends webhooks at all (D11). */
export async function listWebhookEndpoints(ctx: Pick<StudioContext, "db">, input: { workspaceId: string; endpointId?: string }) {
  const { accountId } = await developerAccount(ctx, input.workspaceId);
  const endpoints = await listEndpoints(ctx.db, { accountId, endpointId: input.endpointId });
  if (input.endpointId && endpoints.length === 0) throw new AppError("not_found", "No such webhook endpoint in this workspace.");
  const nameOf = await actorNames(ctx, {
    workspaceId: input.workspaceId,
    actors: endpoints.flatMap((endpoint) => [endpoint.createdBy, endpoint.heldBy]),
  });
  return {
    enabled: env.V1_WEBHOOKS_ENABLED,
    endpoints: endpoints.map((endpoint) => ({
      ...endpoint,
      createdBy: nameOf(endpoint.createdBy),
      heldBy: endpoint.heldBy ? nameOf(endpoint.heldBy) : null,
    })),
  };
}

import "server-only";
import { eq } from "drizzle-orm";
import { workspaces } from "@/db/schema/studio";
import type { StudioContext } from "../context";
import { defaultV1BaseUrl } from "./default-v1-base-url";

export interface V1ConnectionSummary {
  /**
   * The deployment's v1 address (the operator's setting, the same for every workspace),
   * or null when it is this app's own loopback address: that means nothing to a customer.
   */
  baseUrl: string | null;
  /** The first characters of the workspace's key; the key itself is never returned. */
  keyPrefix: string | null;
  provisioned: boolean;
}

export async function showV1Connection(ctx: Pick<StudioContext, "db">, input: { workspaceId: string }): Promise<V1ConnectionSummary> {
  const [workspace] = await ctx.db
    .select({ prefix: workspaces.v1ApiKeyPrefix, accountId: workspaces.v1AccountId, encrypted: workspaces.v1ApiKeyEncrypted })
    .from(workspaces)
    .where(eq(workspaces.id, input.workspaceId));
  const hasKey = Boolean(workspace?.encrypted);
  return {
    baseUrl: isLoopback(defaultV1BaseUrl()) ? null : defaultV1BaseUrl(),
    keyPrefix: hasKey ? workspace!.prefix : null,
    provisioned: hasKey && Boolean(workspace?.accountId),
  };
}

function isLoopback(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || host.startsWith("127.");
}

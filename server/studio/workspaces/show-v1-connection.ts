import "server-only";
import { eq } from "drizzle-orm";
import { workspaces } from "@/db/schema/studio";
import type { StudioContext } from "../context";
import { defaultV1BaseUrl } from "./default-v1-base-url";
import { allowedV1BaseUrls, isAllowedV1BaseUrl } from "./v1-addresses";

export interface V1ConnectionSummary {
  baseUrl: string;
  usesDefaultBaseUrl: boolean;
  /** False when the stored address is no longer allowed: calls are refused until it is reset. */
  baseUrlAllowed: boolean;
  /** The addresses an admin may choose from; the first is the default. */
  allowedBaseUrls: string[];
  /** Where the key comes from; the key itself is never returned. */
  keySource: "workspace" | "none";
  keyPrefix: string | null;
  provisioned: boolean;
}

export async function showV1Connection(ctx: Pick<StudioContext, "db">, input: { workspaceId: string }): Promise<V1ConnectionSummary> {
  const [workspace] = await ctx.db.select().from(workspaces).where(eq(workspaces.id, input.workspaceId));
  const keySource = workspace?.v1ApiKeyEncrypted ? "workspace" : "none";
  return {
    baseUrl: workspace?.v1BaseUrl ?? defaultV1BaseUrl(),
    usesDefaultBaseUrl: !workspace?.v1BaseUrl,
    baseUrlAllowed: !workspace?.v1BaseUrl || isAllowedV1BaseUrl(workspace.v1BaseUrl),
    allowedBaseUrls: allowedV1BaseUrls(),
    keySource,
    keyPrefix: keySource === "workspace" ? workspace!.v1ApiKeyPrefix : null,
    provisioned: Boolean(workspace?.v1AccountId) && keySource === "workspace",
  };
}

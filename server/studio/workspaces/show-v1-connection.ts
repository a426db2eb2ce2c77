import { eq } from "drizzle-orm";
import { workspaces } from "@/db/schema/studio";
import { env } from "@/env";
import type { StudioContext } from "../context";
import { defaultV1BaseUrl } from "./default-v1-base-url";

export interface V1ConnectionSummary {
  baseUrl: string;
  usesDefaultBaseUrl: boolean;
  /** Where the key comes from; the key itself is never returned. */
  keySource: "workspace" | "deployment" | "none";
  keyPrefix: string | null;
  provisioned: boolean;
}

export async function showV1Connection(ctx: Pick<StudioContext, "db">, input: { workspaceId: string }): Promise<V1ConnectionSummary> {
  const [workspace] = await ctx.db.select().from(workspaces).where(eq(workspaces.id, input.workspaceId));
  const keySource = workspace?.v1ApiKeyEncrypted ? "workspace" : env.V1_API_KEY ? "deployment" : "none";
  return {
    baseUrl: workspace?.v1BaseUrl ?? defaultV1BaseUrl(),
    usesDefaultBaseUrl: !workspace?.v1BaseUrl,
    keySource,
    keyPrefix: keySource === "workspace" ? workspace!.v1ApiKeyPrefix : null,
    provisioned: Boolean(workspace?.v1AccountId) && keySource === "workspace",
  };
}

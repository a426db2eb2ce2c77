import crypto from "node:crypto";
import type { StudioContext } from "../context";
import { getProject } from "../projects/get-project";
import { revokeShareLink } from "./revoke-share-link";
import { sharePath } from "./share-url";
import { shareLinks } from "@/db/schema/studio-generations";

/** A new public disclosure link for the project; the previous one stops working. */
export async function createShareLink(ctx: Pick<StudioContext, "db" | "now">, input: { workspaceId: string; projectId: string; userId: string }) {
  await getProject(ctx, input);
  await revokeShareLink(ctx, input);
  const token = crypto.randomBytes(24).toString("base64url");
  const [link] = await ctx.db
    .insert(shareLinks)
    .values({ workspaceId: input.workspaceId, projectId: input.projectId, token, createdBy: input.userId })
    .returning();
  return { path: sharePath(token), createdAt: link.createdAt };
}

/**
 * Deletes a workspace for good (owners only, checked by the procedure): its members,
 * invitations, projects, photos, results, share pages and usage records (all cascade
 * from the row) and its stored files. The image-service key the studio provisioned for
 * it is revoked first, so nothing that copied it can keep spending the account's
 * credits.
 */
import "server-only";
import { eq } from "drizzle-orm";
import { workspaces } from "@/db/schema/studio";
import { AppError } from "@/server/errors";
import type { StudioContext } from "../context";
import { revokeProvisionedKeys } from "./provision-v1-account";

export async function deleteWorkspace(
  ctx: StudioContext,
  input: { workspaceId: string; confirmName: string },
): Promise<{ keysRevoked: number }> {
  const [workspace] = await ctx.db.select().from(workspaces).where(eq(workspaces.id, input.workspaceId));
  if (!workspace) throw new AppError("not_found", "Workspace not found.");
  if (input.confirmName.trim() !== workspace.name)
    throw new AppError("invalid_request", `Type the workspace's name, "${workspace.name}", exactly to delete it.`);

  const keysRevoked = workspace.v1AccountId ? await revokeProvisionedKeys(ctx, workspace.v1AccountId) : 0;
  await ctx.db.delete(workspaces).where(eq(workspaces.id, workspace.id));
  await ctx.storage.deletePrefix(`studio/${workspace.id}/`);
  return { keysRevoked };
}

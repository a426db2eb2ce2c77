import { eq } from "drizzle-orm";
import { members, workspaces } from "@/db/schema/studio";
import type { StudioContext } from "../context";
import { makeSlug } from "./make-slug";
import { provisionV1Account } from "./provision-v1-account";
import type { WorkspaceSummary } from "./list-workspaces";

/** Creates a workspace with its creator as owner, connected to a v1 account. */
export async function createWorkspace(
  ctx: Pick<StudioContext, "db">,
  input: { name: string; userId: string },
): Promise<WorkspaceSummary> {
  const name = input.name.trim();
  const credentials = await provisionV1Account(ctx, name);
  return ctx.db.transaction(async (tx) => {
    let slug = makeSlug(name);
    const [taken] = await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.slug, slug));
    if (taken) slug = makeSlug(name, true);
    const [workspace] = await tx
      .insert(workspaces)
      .values({ name, slug, ...credentials })
      .returning({ id: workspaces.id, slug: workspaces.slug, name: workspaces.name });
    await tx.insert(members).values({ workspaceId: workspace.id, userId: input.userId, role: "owner" });
    return { ...workspace, role: "owner" as const };
  });
}

import "server-only";
import { and, eq } from "drizzle-orm";
import { members, users } from "@/db/schema/studio";
import { AppError } from "@/server/errors";
import type { WorkspaceRole } from "@/shared/vocabulary";
import type { StudioContext } from "../context";
import { normalizeEmail } from "../users/normalize-email";

/** A member of a workspace by their address, for the operator's command line. */
export async function memberByEmail(
  ctx: Pick<StudioContext, "db">,
  input: { workspaceId: string; email: string },
): Promise<{ userId: string; role: WorkspaceRole }> {
  const [member] = await ctx.db
    .select({ userId: members.userId, role: members.role })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.workspaceId, input.workspaceId), eq(users.email, normalizeEmail(input.email))));
  if (!member) throw new AppError("not_found", `${input.email} is not a member of this workspace.`);
  return member;
}

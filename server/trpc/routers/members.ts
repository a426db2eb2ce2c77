import "server-only";
import { z } from "zod";
import { WORKSPACE_ROLES } from "@/shared/vocabulary";
import { changeMemberRole } from "@/server/studio/members/change-member-role";
import { listMembers } from "@/server/studio/members/list-members";
import { removeMember } from "@/server/studio/members/remove-member";
import { router, workspaceProcedure } from "../procedures";

export const membersRouter = router({
  /** Every member may see who is on the team; managing them needs admin. */
  list: workspaceProcedure().query(({ ctx }) => listMembers(ctx.studio, { workspaceId: ctx.workspace.id })),

  changeRole: workspaceProcedure("admin")
    .input(z.object({ userId: z.uuid(), role: z.enum(WORKSPACE_ROLES) }))
    .mutation(({ ctx, input }) =>
      changeMemberRole(ctx.studio, {
        workspaceId: ctx.workspace.id,
        actorUserId: ctx.user.id,
        actorRole: ctx.role,
        userId: input.userId,
        role: input.role,
        ip: ctx.ip,
      }),
    ),

  remove: workspaceProcedure("admin")
    .input(z.object({ userId: z.uuid() }))
    .mutation(({ ctx, input }) =>
      removeMember(ctx.studio, { workspaceId: ctx.workspace.id, actorUserId: ctx.user.id, actorRole: ctx.role, userId: input.userId, ip: ctx.ip }),
    ),
});

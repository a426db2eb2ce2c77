import "server-only";
import { z } from "zod";
import { MEMBER_CREDENTIAL_CHOICES, WORKSPACE_ROLES } from "@/shared/vocabulary";
import { listMemberCredentials } from "@/server/studio/developers/list-member-credentials";
import { changeMemberRole } from "@/server/studio/members/change-member-role";
import { listMembers } from "@/server/studio/members/list-members";
import { removeMember } from "@/server/studio/members/remove-member";
import { permittedProcedure, router, workspaceProcedure } from "../procedures";

/** What becomes of the API keys and webhook endpoints a member answers for: revoked unless an owner takes them over. */
const CredentialsSchema = z.enum(MEMBER_CREDENTIAL_CHOICES).default("revoke");

export const membersRouter = router({
  /** Every member may see who is on the team; managing them needs admin. */
  list: workspaceProcedure().query(({ ctx }) => listMembers(ctx.studio, { workspaceId: ctx.workspace.id })),

  /** What a member answers for (keys, endpoints, invitations sent), shown before removing them or making them an agent. */
  credentials: permittedProcedure("manage_members")
    .input(z.object({ userId: z.uuid() }))
    .query(({ ctx, input }) => listMemberCredentials(ctx.studio, { workspaceId: ctx.workspace.id, userId: input.userId })),

  changeRole: permittedProcedure("manage_members")
    .input(z.object({ userId: z.uuid(), role: z.enum(WORKSPACE_ROLES), credentials: CredentialsSchema }))
    .mutation(({ ctx, input }) =>
      changeMemberRole(ctx.studio, {
        workspaceId: ctx.workspace.id,
        actorUserId: ctx.user.id,
        actorRole: ctx.role,
        userId: input.userId,
        role: input.role,
        credentials: input.credentials,
        ip: ctx.ip,
      }),
    ),

  remove: permittedProcedure("manage_members")
    .input(z.object({ userId: z.uuid(), credentials: CredentialsSchema }))
    .mutation(({ ctx, input }) =>
      removeMember(ctx.studio, {
        workspaceId: ctx.workspace.id,
        actorUserId: ctx.user.id,
        actorRole: ctx.role,
        userId: input.userId,
        credentials: input.credentials,
        ip: ctx.ip,
      }),
    ),
});

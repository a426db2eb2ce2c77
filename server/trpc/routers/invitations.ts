import "server-only";
import { z } from "zod";
import { acceptInvitation } from "@/server/studio/invitations/accept-invitation";
import { createInvitation } from "@/server/studio/invitations/create-invitation";
import { listInvitations } from "@/server/studio/invitations/list-invitations";
import { revokeInvitation } from "@/server/studio/invitations/revoke-invitation";
import { showInvitation } from "@/server/studio/invitations/show-invitation";
import { INVITATION_ROLES } from "@/shared/vocabulary";
import { RequestIdSchema } from "@/server/studio/request-id";
import { protectedProcedure, publicProcedure, permittedProcedure, router } from "../procedures";

const TokenSchema = z.object({ token: z.string().min(20).max(100) });

export const invitationsRouter = router({
  list: permittedProcedure("manage_members").query(({ ctx }) => listInvitations(ctx.studio, { workspaceId: ctx.workspace.id })),

  create: permittedProcedure("manage_members")
    .input(z.object({ role: z.enum(INVITATION_ROLES), email: z.email().optional(), requestId: RequestIdSchema }))
    .mutation(({ ctx, input }) =>
      createInvitation(ctx.studio, {
        ...input,
        workspaceId: ctx.workspace.id,
        actorRole: ctx.role,
        invitedBy: ctx.user.id,
        requestOrigin: ctx.origin,
        ip: ctx.ip,
      }),
    ),

  revoke: permittedProcedure("manage_members")
    .input(z.object({ invitationId: z.uuid() }))
    .mutation(({ ctx, input }) =>
      revokeInvitation(ctx.studio, {
        workspaceId: ctx.workspace.id,
        invitationId: input.invitationId,
        actorUserId: ctx.user.id,
        ip: ctx.ip,
      }),
    ),

  /** What the invite page shows before anyone signs in. */
  preview: publicProcedure.input(TokenSchema).query(({ ctx, input }) => showInvitation(ctx.studio, input)),

  accept: protectedProcedure
    .input(TokenSchema)
    .mutation(({ ctx, input }) => acceptInvitation(ctx.studio, { token: input.token, userId: ctx.user.id, ip: ctx.ip })),
});

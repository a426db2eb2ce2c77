import "server-only";
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { createWorkspace } from "@/server/studio/workspaces/create-workspace";
import { deleteWorkspace } from "@/server/studio/workspaces/delete-workspace";
import { findMembership } from "@/server/studio/workspaces/find-membership";
import { listWorkspaces } from "@/server/studio/workspaces/list-workspaces";
import { renameWorkspace } from "@/server/studio/workspaces/rename-workspace";
import { setAgentGrants } from "@/server/studio/workspaces/set-agent-grants";
import { showAgentGrants } from "@/server/studio/workspaces/show-agent-grants";
import { showV1Connection } from "@/server/studio/workspaces/show-v1-connection";
import { RequestIdSchema } from "@/server/studio/request-id";
import { AGENT_GRANTABLE } from "@/shared/roles";
import { permittedProcedure, protectedProcedure, router, workspaceProcedure } from "../procedures";

const WorkspaceNameSchema = z.string().trim().min(2, "Use at least 2 characters.").max(80);

export const workspacesRouter = router({
  list: protectedProcedure.query(({ ctx }) => listWorkspaces(ctx.studio, { userId: ctx.user.id })),

  bySlug: protectedProcedure.input(z.object({ slug: z.string().min(1).max(80) })).query(async ({ ctx, input }) => {
    const workspace = await findMembership(ctx.studio, { slug: input.slug, userId: ctx.user.id });
    if (!workspace) throw new TRPCError({ code: "NOT_FOUND", message: "Workspace not found." });
    return workspace;
  }),

  create: protectedProcedure
    .input(z.object({ name: WorkspaceNameSchema, requestId: RequestIdSchema }))
    .mutation(({ ctx, input }) =>
      createWorkspace(ctx.studio, { name: input.name, userId: ctx.user.id, requestId: input.requestId, ip: ctx.ip }),
    ),

  rename: permittedProcedure("manage_workspace")
    .input(z.object({ name: WorkspaceNameSchema }))
    .mutation(({ ctx, input }) => renameWorkspace(ctx.studio, { workspaceId: ctx.workspace.id, name: input.name })),

  /** Owners only, with the workspace's name typed as confirmation. */
  delete: permittedProcedure("delete_workspace")
    .input(z.object({ confirmName: z.string().max(200) }))
    .mutation(({ ctx, input }) => deleteWorkspace(ctx.studio, { workspaceId: ctx.workspace.id, confirmName: input.confirmName })),

  /** What the owners let agents do as well (shared/roles.ts): every member may see it. */
  agentGrants: workspaceProcedure().query(({ ctx }) => showAgentGrants(ctx.studio, { workspaceId: ctx.workspace.id })),

  setAgentGrants: permittedProcedure("grant_agent_permissions")
    .input(z.object({ grants: z.array(z.enum(AGENT_GRANTABLE)).max(AGENT_GRANTABLE.length) }))
    .mutation(({ ctx, input }) =>
      setAgentGrants(ctx.studio, { workspaceId: ctx.workspace.id, grants: input.grants, userId: ctx.user.id, ip: ctx.ip }),
    ),

  /** Read-only: which deployment and key the workspace uses is the operator's setting and the provisioned account. */
  connection: permittedProcedure("manage_developers").query(({ ctx }) => showV1Connection(ctx.studio, { workspaceId: ctx.workspace.id })),
});

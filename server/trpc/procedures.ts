/**
 * The three kinds of procedure. Every studio procedure starts from one of these:
 * - publicProcedure: anyone (sign-up, the invite preview).
 * - protectedProcedure: a signed-in person; ctx.user is set.
 * - workspaceProcedure(minRole): a member of input.workspaceId with at least minRole;
 *   ctx.workspace and ctx.role are set. A non-member gets NOT_FOUND (the workspace's
 *   existence is not revealed); a member below minRole gets FORBIDDEN.
 */
import "server-only";
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { findMembership } from "@/server/studio/workspaces/find-membership";
import { roleAtLeast } from "@/shared/roles";
import type { WorkspaceRole } from "@/shared/vocabulary";
import { appErrors, t } from "./init";

export const router = t.router;
/** One router from several: a domain split into files keeps its procedures' paths (routers/generations/). */
export const mergeRouters = t.mergeRouters;
export const createCallerFactory = t.createCallerFactory;

export const publicProcedure = t.procedure.use(appErrors);

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.session?.user?.id) throw new TRPCError({ code: "UNAUTHORIZED", message: "Please sign in." });
  return next({ ctx: { ...ctx, user: ctx.session.user } });
});

export const WorkspaceInputSchema = z.object({ workspaceId: z.uuid() });

export function workspaceProcedure(minRole: WorkspaceRole = "agent") {
  return protectedProcedure.input(WorkspaceInputSchema).use(async ({ ctx, input, next }) => {
    const workspace = await findMembership(ctx.studio, { workspaceId: input.workspaceId, userId: ctx.user.id });
    if (!workspace) throw new TRPCError({ code: "NOT_FOUND", message: "Workspace not found." });
    if (!roleAtLeast(workspace.role, minRole)) {
      throw new TRPCError({ code: "FORBIDDEN", message: `Only ${minRole === "owner" ? "owners" : "owners and admins"} can do this.` });
    }
    return next({ ctx: { ...ctx, workspace, role: workspace.role } });
  });
}

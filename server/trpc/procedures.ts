/**
 * The three kinds of procedure. Every studio procedure starts from one of these:
 * - publicProcedure: anyone (sign-up, the invite preview).
 * - protectedProcedure: a signed-in person; ctx.user is set.
 * - workspaceProcedure(): a member of input.workspaceId, whatever their role;
 *   ctx.workspace and ctx.role are set. A non-member gets NOT_FOUND (the workspace's
 *   existence is not revealed).
 * - permittedProcedure(permission): a member of input.workspaceId who holds that
 *   permission in the role table (shared/roles.ts, with the owners' grants to agents);
 *   others get FORBIDDEN naming who may.
 * - spendingProcedure(): a workspaceProcedure for work that spends quota or credits; the
 *   person's address must be confirmed (security H1).
 */
import "server-only";
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { AppError } from "@/server/errors";
import { emailStatus } from "@/server/studio/users/email-status";
import { findMembership } from "@/server/studio/workspaces/find-membership";
import { holdersOf, type Permission } from "@/shared/roles";
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

export function workspaceProcedure() {
  return protectedProcedure.input(WorkspaceInputSchema).use(async ({ ctx, input, next }) => {
    const workspace = await findMembership(ctx.studio, { workspaceId: input.workspaceId, userId: ctx.user.id });
    if (!workspace) throw new TRPCError({ code: "NOT_FOUND", message: "Workspace not found." });
    return next({ ctx: { ...ctx, workspace, role: workspace.role } });
  });
}

/** Work the role table gives to some members only: asks for the permission, never for a role. */
export function permittedProcedure(permission: Permission) {
  return workspaceProcedure().use(({ ctx, next }) => {
    if (!ctx.workspace.permissions.includes(permission)) {
      throw new AppError("forbidden", `Only ${holdersOf(permission)} can do this here.`);
    }
    return next();
  });
}

/** Starts work that spends the workspace's quota or credits: members whose address is confirmed (security H1). */
export function spendingProcedure() {
  return workspaceProcedure().use(async ({ ctx, next }) => {
    const { verified } = await emailStatus(ctx.studio, { userId: ctx.user.id });
    if (!verified) {
      throw new AppError(
        "email_unconfirmed",
        "Confirm your email address before starting work that uses the workspace's quota or credits: open the link we emailed you, or send it again from the notice at the top of the page.",
      );
    }
    return next();
  });
}

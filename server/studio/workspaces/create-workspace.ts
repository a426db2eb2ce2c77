import "server-only";
import { and, eq } from "drizzle-orm";
import { AppError } from "@/server/errors";
import { assertMayCreateFreeWorkspace } from "@/server/billing/free-workspaces";
import { members, users, workspaces } from "@/db/schema/studio";
import { OWNER } from "@/shared/roles";
import { recordAudit } from "../audit/record-audit";
import type { StudioContext } from "../context";
import { claimStarterCredits } from "../users/starter-credits";
import { makeSlug } from "./make-slug";
import { provisionV1Account } from "./provision-v1-account";
import { toSummary, type WorkspaceSummary } from "./list-workspaces";

/**
 * The workspace a repeated create (same request id) already made, when this person owns
 * it; another person's request id is refused rather than revealing their workspace.
 */
async function createdBefore(
  ctx: Pick<StudioContext, "db">,
  input: { requestId: string; userId: string },
): Promise<WorkspaceSummary | null> {
  const [row] = await ctx.db
    .select({
      id: workspaces.id,
      slug: workspaces.slug,
      name: workspaces.name,
      agentGrants: workspaces.agentGrants,
      userId: members.userId,
    })
    .from(workspaces)
    .leftJoin(members, and(eq(members.workspaceId, workspaces.id), eq(members.userId, input.userId), eq(members.role, OWNER)))
    .where(eq(workspaces.requestId, input.requestId));
  if (!row) return null;
  if (!row.userId) throw new AppError("conflict", "This request was already used. Reload the page and try again.");
  return toSummary({ id: row.id, slug: row.slug, name: row.name, role: OWNER, agentGrants: row.agentGrants });
}

/**
 * Creates a workspace with its creator as owner, connected to a new v1 account; once per
 * request id. The row, its owner, the creator's claim to starter credits and the account
 * are made in one transaction, so a repeat that loses a race leaves no second account
 * behind and does not use up the claim. A person owns at most three free workspaces.
 */
export async function createWorkspace(
  ctx: Pick<StudioContext, "db" | "now">,
  input: { name: string; userId: string; requestId?: string; ip?: string },
): Promise<WorkspaceSummary> {
  const name = input.name.trim();
  const requestId = input.requestId;
  if (requestId) {
    const existing = await createdBefore(ctx, { requestId, userId: input.userId });
    if (existing) return existing;
  }
  // The name's own slug first; when another workspace holds it (or takes it at this
  // very moment), a suffixed one.
  for (const suffixed of [false, true, true]) {
    const created = await ctx.db.transaction(async (tx) => {
      // First: the person's lock, before the insert below takes a foreign-key lock on their row.
      await assertMayCreateFreeWorkspace(tx, input.userId);
      const [workspace] = await tx
        .insert(workspaces)
        .values({ name, slug: makeSlug(name, suffixed), requestId: requestId ?? null, createdBy: input.userId })
        // No conflict target: a taken slug or a repeat's request id both skip the insert.
        .onConflictDoNothing()
        .returning({ id: workspaces.id, slug: workspaces.slug, name: workspaces.name, agentGrants: workspaces.agentGrants });
      if (!workspace) return null;
      const starter = await claimStarterCredits({ db: tx, now: ctx.now }, input.userId);
      const [creator] = await tx.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, input.userId));
      const credentials = await provisionV1Account({ db: tx }, name, { starter, confirmed: Boolean(creator?.verifiedAt) });
      await tx.update(workspaces).set(credentials).where(eq(workspaces.id, workspace.id));
      await tx.insert(members).values({ workspaceId: workspace.id, userId: input.userId, role: OWNER });
      await recordAudit(tx, {
        workspaceId: workspace.id,
        actorUserId: input.userId,
        action: "member_added",
        target: (await tx.select({ email: users.email }).from(users).where(eq(users.id, input.userId)))[0]?.email,
        detail: { role: OWNER, via: "workspace_created" },
        ip: input.ip,
      });
      return toSummary({ ...workspace, role: OWNER });
    });
    if (created) return created;
    // A repeat that raced the first past the check above: the first one's workspace.
    const first = requestId ? await createdBefore(ctx, { requestId, userId: input.userId }) : null;
    if (first) return first;
  }
  throw new AppError("conflict", "Could not find a free address for this workspace. Try again.");
}

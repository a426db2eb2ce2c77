/**
 * Starter credits go to people who confirmed their email, once per person: on the first
 * workspace they create after confirming, or (confirming later by the mailed link) on the
 * oldest workspace they own. A password reset that claims an unconfirmed account back
 * grants none to the workspaces made before it: those were made by whoever held the
 * password (reset-password.ts), so the credits wait for a workspace the owner makes. Without this every throwaway sign-up was a new business account with free
 * credits: a direct bill once hosted models run.
 */
import "server-only";
import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import { env } from "@/env";
import { grantFreeQuotaOnConfirm } from "@/server/billing/free-workspaces";
import { members, users, workspaces } from "@/db/schema/studio";
import { OWNER } from "@/shared/roles";
import type { StudioContext } from "../context";
import { grantStarterCredits } from "../workspaces/provision-v1-account";

/** Takes the person's one claim to starter credits; true when it was theirs to take (confirmed, not taken before). */
export async function claimStarterCredits(ctx: Pick<StudioContext, "db" | "now">, userId: string): Promise<boolean> {
  const claimed = await ctx.db
    .update(users)
    .set({ starterCreditsGrantedAt: ctx.now() })
    .where(and(eq(users.id, userId), isNotNull(users.emailVerifiedAt), isNull(users.starterCreditsGrantedAt)))
    .returning({ id: users.id });
  return claimed.length > 0 && env.STUDIO_STARTER_CREDITS > 0;
}

/**
 * After a person confirms their address: their oldest owned workspace gets the starter
 * credits it was created without, and their Free workspaces the Free quota.
 */
export async function grantStarterCreditsOnConfirm(ctx: Pick<StudioContext, "db" | "now">, userId: string): Promise<void> {
  await grantFreeQuotaOnConfirm(ctx.db, userId);
  const [workspace] = await ctx.db
    .select({ v1AccountId: workspaces.v1AccountId })
    .from(members)
    .innerJoin(workspaces, eq(workspaces.id, members.workspaceId))
    .where(and(eq(members.userId, userId), eq(members.role, OWNER), isNotNull(workspaces.v1AccountId)))
    .orderBy(asc(workspaces.createdAt))
    .limit(1);
  if (!workspace?.v1AccountId) return;
  if (await claimStarterCredits(ctx, userId)) await grantStarterCredits(ctx, workspace.v1AccountId);
}

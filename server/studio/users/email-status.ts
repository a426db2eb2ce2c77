import "server-only";
import { eq } from "drizzle-orm";
import { users } from "@/db/schema/studio";
import { env } from "@/env";
import type { StudioContext } from "../context";

/**
 * Whether the person has confirmed their address, for the studio's reminder, and how many
 * starter credits are waiting for that confirmation (0 when they had theirs already).
 */
export async function emailStatus(
  ctx: Pick<StudioContext, "db">,
  input: { userId: string },
): Promise<{ email: string; verified: boolean; starterCreditsWaiting: number }> {
  const [user] = await ctx.db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt, grantedAt: users.starterCreditsGrantedAt })
    .from(users)
    .where(eq(users.id, input.userId));
  const verified = Boolean(user?.verifiedAt);
  const waiting = user && !verified && !user.grantedAt ? env.STUDIO_STARTER_CREDITS : 0;
  return { email: user?.email ?? "", verified, starterCreditsWaiting: waiting };
}

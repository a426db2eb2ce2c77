import { eq } from "drizzle-orm";
import { users } from "@/db/schema/studio";
import type { StudioContext } from "../context";

/** Whether the person has confirmed their address, for the studio's reminder. */
export async function emailStatus(ctx: Pick<StudioContext, "db">, input: { userId: string }): Promise<{ email: string; verified: boolean }> {
  const [user] = await ctx.db.select({ email: users.email, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, input.userId));
  return { email: user?.email ?? "", verified: Boolean(user?.verifiedAt) };
}

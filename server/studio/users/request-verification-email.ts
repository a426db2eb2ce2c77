import "server-only";
import { accountEmailRequested } from "@/inngest/studio-events";
import { countMailRequest } from "@/server/auth/sign-in-limits";
import type { StudioContext } from "../context";

/**
 * A signed-in person asks for their confirmation link again. Counted against the
 * address's and the client's limits; the durable function sends it only while the
 * address still needs confirming and the recipient's mail budget lasts, so the answer
 * (and its time) is the same either way. `callbackUrl` is where the link leads after the
 * confirmation (checked to be a path on this site when the link is made).
 */
export async function requestVerificationEmail(
  ctx: Pick<StudioContext, "db" | "events">,
  input: { userId: string; email: string; ip: string; requestOrigin?: string | null; callbackUrl?: string },
): Promise<void> {
  await countMailRequest(ctx.db, { email: input.email, ip: input.ip });
  await ctx.events.send(
    accountEmailRequested.create({
      kind: "verify_email",
      userId: input.userId,
      origin: input.requestOrigin ?? null,
      callbackUrl: input.callbackUrl ?? null,
    }),
  );
}

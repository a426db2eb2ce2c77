import "server-only";
import { accountEmailRequested } from "@/inngest/studio-events";
import { countMailRequest } from "@/server/auth/sign-in-limits";
import type { StudioContext } from "../context";
import { normalizeEmail } from "./normalize-email";

/**
 * Asks for a password-reset mail. The request counts against the address's and the
 * client's limits and hands the mail to a durable function (mail-password-reset.ts), which
 * alone looks the address up: the request does the same work, and the caller gives the
 * same answer, whether or not the address has an account.
 */
export async function requestPasswordReset(
  ctx: Pick<StudioContext, "db" | "events">,
  input: { email: string; ip: string; requestOrigin?: string | null },
): Promise<void> {
  const email = normalizeEmail(input.email);
  await countMailRequest(ctx.db, { email, ip: input.ip });
  await ctx.events.send(accountEmailRequested.create({ kind: "password_reset", email, origin: input.requestOrigin ?? null }));
}

import "server-only";
import type { AccountEmailRequest } from "@/inngest/studio-events";
import { claimSignUpNotice } from "@/server/auth/sign-in-limits";
import type { StudioContext } from "../context";
import { mailPasswordReset } from "./mail-password-reset";
import { sendSignUpAttemptEmail } from "./send-sign-up-attempt-email";
import { sendVerificationEmail } from "./send-verification-email";

/** What the durable function `studio-send-account-email` does with one request; true when a message went out. */
export async function sendAccountEmail(ctx: Pick<StudioContext, "db" | "now">, request: AccountEmailRequest): Promise<boolean> {
  switch (request.kind) {
    case "password_reset":
      return mailPasswordReset(ctx, request);
    case "verify_email":
      return sendVerificationEmail(ctx, { userId: request.userId, requestOrigin: request.origin, callbackUrl: request.callbackUrl });
    case "sign_up_attempt":
      return (
        (await claimSignUpNotice(ctx.db, request.email)) &&
        sendSignUpAttemptEmail(ctx, { email: request.email, requestOrigin: request.origin, callbackUrl: request.callbackUrl })
      );
  }
}

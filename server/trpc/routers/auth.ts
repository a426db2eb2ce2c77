import "server-only";
import { z } from "zod";
import { countSignUp } from "@/server/auth/sign-in-limits";
import { emailStatus } from "@/server/studio/users/email-status";
import { requestPasswordReset } from "@/server/studio/users/request-password-reset";
import { resetPassword } from "@/server/studio/users/reset-password";
import { requestVerificationEmail } from "@/server/studio/users/request-verification-email";
import { signOutEverywhere } from "@/server/studio/users/sign-out-everywhere";
import { signUp } from "@/server/studio/users/sign-up";
import { verifyEmail } from "@/server/studio/users/verify-email";
import { protectedProcedure, publicProcedure, router } from "../procedures";

export const SignUpSchema = z.object({
  name: z.string().trim().min(1, "Enter your name.").max(100),
  email: z.email("Enter a valid email address.").max(254),
  password: z.string().min(8, "Use at least 8 characters.").max(200),
});

/** The sign-up form also sends where the person was going (an invitation), kept in the mailed links. */
const SignUpRequestSchema = SignUpSchema.extend({ callbackUrl: z.string().max(2000).optional() });

const LinkTokenSchema = z.object({ token: z.string().min(20).max(100) });

export const authRouter = router({
  /**
   * Mails a confirmation link to a new address, or a "someone tried to sign up" note to a
   * known one, and answers the same either way (no enumeration); the form then asks the
   * person to check their email.
   */
  signUp: publicProcedure.input(SignUpRequestSchema).mutation(async ({ ctx, input }) => {
    await countSignUp(ctx.studio.db, ctx.ip);
    await signUp(ctx.studio, { ...input, requestOrigin: ctx.origin });
    return { ok: true as const };
  }),

  emailStatus: protectedProcedure.query(({ ctx }) => emailStatus(ctx.studio, { userId: ctx.user.id })),

  /**
   * Answers the same whether or not the address still needs confirming (the mail goes out
   * from a durable function). `callbackUrl` (an invitation waiting for the confirmation)
   * rides along in the link, as on sign-up.
   */
  resendVerification: protectedProcedure
    .input(z.object({ callbackUrl: z.string().max(2000).optional() }).optional())
    .mutation(async ({ ctx, input }) => {
      await requestVerificationEmail(ctx.studio, {
        userId: ctx.user.id,
        email: ctx.user.email,
        ip: ctx.ip,
        requestOrigin: ctx.origin,
        callbackUrl: input?.callbackUrl,
      });
      return { ok: true as const };
    }),

  verifyEmail: publicProcedure.input(LinkTokenSchema).mutation(({ ctx, input }) => verifyEmail(ctx.studio, input)),

  /** Answers the same whether or not the address has an account. */
  requestPasswordReset: publicProcedure.input(z.object({ email: SignUpSchema.shape.email })).mutation(async ({ ctx, input }) => {
    await requestPasswordReset(ctx.studio, { email: input.email, ip: ctx.ip, requestOrigin: ctx.origin });
    return { ok: true as const };
  }),

  resetPassword: publicProcedure
    .input(LinkTokenSchema.extend({ password: SignUpSchema.shape.password }))
    .mutation(({ ctx, input }) => resetPassword(ctx.studio, { ...input, ip: ctx.ip })),

  /** Ends every session of the signed-in person, this one included (the page then signs out). */
  signOutEverywhere: protectedProcedure.mutation(async ({ ctx }) => ({
    ended: await signOutEverywhere(ctx.studio, { userId: ctx.user.id, ip: ctx.ip }),
  })),
});

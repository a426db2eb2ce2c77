import { z } from "zod";
import { signUp } from "@/server/studio/users/sign-up";
import { publicProcedure, router } from "../procedures";

export const SignUpSchema = z.object({
  name: z.string().trim().min(1, "Enter your name.").max(100),
  email: z.email("Enter a valid email address.").max(254),
  password: z.string().min(8, "Use at least 8 characters.").max(200),
});

export const authRouter = router({
  /** Creates the account; the page then signs in through next-auth with the same credentials. */
  signUp: publicProcedure.input(SignUpSchema).mutation(async ({ ctx, input }) => {
    const user = await signUp(ctx.studio, input);
    return { id: user.id };
  }),
});

import { TRPCError } from "@trpc/server";
import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button";
import { getSession } from "@/server/auth/session";
import { serverApi } from "@/server/trpc/server-caller";
import { AuthCard } from "../auth-card";

export const metadata: Metadata = { title: "Confirm your email" };

/** The page a confirmation email links to: following the link confirms the address. */
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  const api = await serverApi();
  let confirmed: string | null = null;
  let problem = "This link is incomplete. Open the link from the email again.";
  if (token && token.length >= 20 && token.length <= 100) {
    try {
      confirmed = (await api.auth.verifyEmail({ token })).email;
    } catch (error) {
      if (!(error instanceof TRPCError && error.code === "NOT_FOUND")) throw error;
      problem = error.message;
    }
  }
  const next = (await getSession()) ? "/workspaces" : "/sign-in";
  return confirmed ? (
    <AuthCard title="Email confirmed" subtitle={`Thank you: ${confirmed} is confirmed.`}>
      <ButtonLink href={next} className="w-full">
        Continue
      </ButtonLink>
    </AuthCard>
  ) : (
    <AuthCard title="Link not valid" subtitle={problem}>
      <ButtonLink href={next} variant="secondary" className="w-full">
        {next === "/sign-in" ? "Sign in" : "Back to the studio"}
      </ButtonLink>
    </AuthCard>
  );
}

import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button";
import { authLink, safeCallbackUrl } from "@/shared/safe-callback";
import { getSession } from "@/server/auth/session";
import { serverApi } from "@/server/trpc/server-caller";
import { trpcErrorCode } from "@/server/trpc/trpc-error-code";
import { AuthCard } from "../auth-card";

export const metadata: Metadata = { title: "Confirm your email" };

/**
 * The page a confirmation email links to: following the link confirms the address, then
 * sends the person to sign in (address filled in) and on to where they were going when
 * they signed up (`callbackUrl`, an invitation for instance). The link does not sign in by
 * itself: a link that did would let someone sign a victim into the sender's own account
 * by sending them its confirmation link.
 */
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<{ token?: string; callbackUrl?: string }> }) {
  const { token, callbackUrl: wanted } = await searchParams;
  const callbackUrl = safeCallbackUrl(wanted);
  const api = await serverApi();
  let confirmed: string | null = null;
  let problem = "This link is incomplete. Open the link from the email again.";
  if (token && token.length >= 20 && token.length <= 100) {
    try {
      confirmed = (await api.auth.verifyEmail({ token })).email;
    } catch (error) {
      if (trpcErrorCode(error) !== "NOT_FOUND") throw error;
      problem = (error as Error).message;
    }
  }
  const signedIn = Boolean(await getSession());
  return confirmed ? (
    <AuthCard title="Email confirmed" subtitle={`Thank you: ${confirmed} is confirmed.`}>
      <ButtonLink href={signedIn ? callbackUrl : authLink("/sign-in", callbackUrl, confirmed)} className="w-full">
        {signedIn ? "Continue" : "Sign in"}
      </ButtonLink>
    </AuthCard>
  ) : (
    <AuthCard title="Link not valid" subtitle={problem}>
      <ButtonLink href={signedIn ? "/workspaces" : authLink("/sign-in", callbackUrl)} variant="secondary" className="w-full">
        {signedIn ? "Back to the studio" : "Sign in"}
      </ButtonLink>
    </AuthCard>
  );
}

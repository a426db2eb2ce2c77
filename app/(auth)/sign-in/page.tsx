import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { safeCallbackUrl } from "@/shared/safe-callback";
import { SignInForm } from "@/components/auth/sign-in-form";
import { enabledOAuthProviders } from "@/server/auth/options";
import { getSession } from "@/server/auth/session";
import { AuthCard } from "../auth-card";

export const metadata: Metadata = { title: "Sign in" };

// next-auth sends people back here with ?error=<code> when an OAuth sign-in fails.
const OAUTH_ERRORS: Record<string, string> = {
  OAuthAccountNotLinked: "This email is already used with another sign-in method.",
  AccessDenied: "Sign-in was canceled or refused.",
  EmailNotVerified:
    "Your Google or GitHub account has not verified this email address. Verify it there, or sign in with email and password.",
  ConfirmEmailFirst:
    "An account with this email exists but has not confirmed its address. Sign in with its password and follow the link we email you, or reset the password (which confirms the address and signs out every other device); then Google or GitHub sign-in works too.",
};

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string; error?: string; email?: string; reset?: string }>;
}) {
  const query = await searchParams;
  const callbackUrl = safeCallbackUrl(query.callbackUrl);
  const initialError = query.error ? (OAUTH_ERRORS[query.error] ?? "Sign-in failed. Please try again.") : null;
  if (await getSession()) redirect(callbackUrl);
  return (
    <AuthCard title="Welcome back" subtitle="Sign in to your brokerage's studio.">
      <SignInForm
        callbackUrl={callbackUrl}
        oauthProviders={enabledOAuthProviders()}
        initialError={initialError}
        defaultEmail={query.email}
        notice={query.reset ? "Your password was changed. Sign in with the new one." : undefined}
      />
    </AuthCard>
  );
}

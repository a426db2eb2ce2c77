import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { safeCallbackUrl } from "@/components/auth/safe-callback";
import { SignInForm } from "@/components/auth/sign-in-form";
import { enabledOAuthProviders } from "@/server/auth/options";
import { getSession } from "@/server/auth/session";
import { AuthCard } from "../auth-card";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string }> }) {
  const callbackUrl = safeCallbackUrl((await searchParams).callbackUrl);
  if (await getSession()) redirect(callbackUrl);
  return (
    <AuthCard title="Welcome back" subtitle="Sign in to your brokerage's studio.">
      <SignInForm callbackUrl={callbackUrl} oauthProviders={enabledOAuthProviders()} />
    </AuthCard>
  );
}

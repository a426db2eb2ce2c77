import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { safeCallbackUrl } from "@/shared/safe-callback";
import { SignUpForm } from "@/components/auth/sign-up-form";
import { enabledOAuthProviders } from "@/server/auth/options";
import { getSession } from "@/server/auth/session";
import { AuthCard } from "../auth-card";

export const metadata: Metadata = { title: "Create your account" };

export default async function SignUpPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string; email?: string }> }) {
  const query = await searchParams;
  const callbackUrl = safeCallbackUrl(query.callbackUrl);
  if (await getSession()) redirect(callbackUrl);
  return (
    <AuthCard title="Create your account" subtitle="Stage, render and describe listings with your whole team.">
      <SignUpForm callbackUrl={callbackUrl} oauthProviders={enabledOAuthProviders()} defaultEmail={query.email} />
    </AuthCard>
  );
}

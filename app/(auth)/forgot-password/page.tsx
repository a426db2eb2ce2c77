import type { Metadata } from "next";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { AuthCard } from "../auth-card";

export const metadata: Metadata = { title: "Forgot password" };

export default async function ForgotPasswordPage({ searchParams }: { searchParams: Promise<{ email?: string }> }) {
  const { email } = await searchParams;
  return (
    <AuthCard title="Forgot your password?" subtitle="We will email you a link to choose a new one.">
      <ForgotPasswordForm defaultEmail={email} />
    </AuthCard>
  );
}

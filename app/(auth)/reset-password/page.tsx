import type { Metadata } from "next";
import Link from "next/link";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { AuthCard } from "../auth-card";

export const metadata: Metadata = { title: "Choose a new password" };

/** The page a reset email links to; the token is checked (and used up) when the form is sent. */
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  const usable = token && token.length >= 20 && token.length <= 100;
  return (
    <AuthCard title="Choose a new password" subtitle="Use it from now on to sign in.">
      {usable ? (
        <ResetPasswordForm token={token} />
      ) : (
        <p role="alert" className="text-sm text-stone-700">
          This link is incomplete. Open the link from the email again, or{" "}
          <Link href="/forgot-password" className="font-medium text-accent-700 underline-offset-2 hover:underline">
            ask for a new one
          </Link>
          .
        </p>
      )}
    </AuthCard>
  );
}

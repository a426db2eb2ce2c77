"use client";
import { useMutation } from "@tanstack/react-query";
import { MailWarning } from "lucide-react";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";

/**
 * A reminder, until the address is confirmed, with a way to get the link again; it says
 * why the balance is empty when starter credits are waiting for the confirmation.
 */
export function VerifyEmailBanner({ email, starterCreditsWaiting }: { email: string; starterCreditsWaiting: number }) {
  const trpc = useTRPC();
  const resend = useMutation(trpc.auth.resendVerification.mutationOptions());
  return (
    <div
      role="status"
      className="mb-6 flex flex-wrap items-center gap-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-200"
    >
      <MailWarning className="size-5 shrink-0 text-amber-700" aria-hidden="true" />
      <p className="min-w-0 flex-1 wrap-anywhere">
        {resend.isSuccess
          ? `A new confirmation link is on its way to ${email}. It can take a minute; check your spam folder too.`
          : resend.error
            ? errorMessage(resend.error)
            : starterCreditsWaiting > 0
              ? `Confirm ${email} to get your ${starterCreditsWaiting} free starter credits: open the link we emailed you.`
              : `Please confirm ${email}: open the link we emailed you.`}
      </p>
      <Button variant="secondary" size="sm" loading={resend.isPending} disabled={resend.isSuccess} onClick={() => resend.mutate()}>
        Send the link again
      </Button>
    </div>
  );
}

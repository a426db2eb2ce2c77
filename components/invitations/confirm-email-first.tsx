"use client";
import { useMutation } from "@tanstack/react-query";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";

/**
 * An invitation waits for a confirmed address (the server refuses otherwise): the person
 * is told so, and can have the link sent again; it leads back here to join.
 */
export function ConfirmEmailFirst({ email, invitationPath }: { email: string; invitationPath: string }) {
  const trpc = useTRPC();
  const resend = useMutation(trpc.auth.resendVerification.mutationOptions());
  return (
    <div className="space-y-3">
      <p role="alert" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
        Confirm <strong className="font-semibold wrap-anywhere">{email}</strong> before joining: open the link we emailed you. It brings you
        back here, and this invitation stays valid meanwhile.
      </p>
      <Button
        variant="secondary"
        size="lg"
        className="w-full"
        loading={resend.isPending}
        disabled={resend.isSuccess}
        onClick={() => resend.mutate({ callbackUrl: invitationPath })}
      >
        Send the link again
      </Button>
      {resend.isSuccess ? (
        <p role="status" className="text-sm text-stone-600">
          A new confirmation link is on its way to {email}. It can take a minute; check your spam folder too.
        </p>
      ) : resend.error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(resend.error)}
        </p>
      ) : null}
    </div>
  );
}

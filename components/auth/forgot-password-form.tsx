"use client";
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { ErrorState } from "@/components/ui/empty-state";
import { TextField } from "@/components/ui/field";

/** Asks for a reset link; says the same thing whether or not the address has an account. */
export function ForgotPasswordForm({ defaultEmail }: { defaultEmail?: string }) {
  const hydrated = useHydrated();
  const trpc = useTRPC();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useMutation(trpc.auth.requestPasswordReset.mutationOptions({ onSuccess: (_, input) => setSentTo(input.email) }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (request.isPending) return;
    request.mutate({ email: String(new FormData(event.currentTarget).get("email")).trim() });
  }

  if (sentTo) {
    return (
      <div className="space-y-4 text-sm text-stone-700" role="status">
        <p>
          If <strong className="font-semibold text-stone-900">{sentTo}</strong> has an Atrium account, a link to choose a new password is on
          its way. It works once and expires in 1 hour.
        </p>
        <p>
          <Link href="/sign-in" className="font-medium text-accent-700 underline-offset-2 hover:underline">
            Back to sign in
          </Link>
        </p>
      </div>
    );
  }
  return (
    <form method="post" onSubmit={onSubmit} className="space-y-4">
      {request.error ? <ErrorState title="Could not send the link" message={errorMessage(request.error)} /> : null}
      <TextField label="Email" name="email" type="email" autoComplete="email" required autoFocus defaultValue={defaultEmail} />
      <Button type="submit" className="w-full" loading={request.isPending} disabled={!hydrated}>
        Email me a reset link
      </Button>
      <p className="text-center text-sm text-stone-600">
        Remembered it?{" "}
        <Link href="/sign-in" className="font-medium text-accent-700 underline-offset-2 hover:underline">
          Sign in
        </Link>
      </p>
    </form>
  );
}

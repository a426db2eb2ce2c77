"use client";
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { Button, ButtonLink } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { ErrorState } from "@/components/ui/empty-state";
import { TextField } from "@/components/ui/field";
import { authLink } from "@/shared/safe-callback";
import { OAuthButtons } from "./sign-in-form";

export function SignUpForm({
  callbackUrl,
  oauthProviders,
  defaultEmail,
}: {
  callbackUrl: string;
  oauthProviders: { id: string; name: string }[];
  defaultEmail?: string;
}) {
  const hydrated = useHydrated();
  const trpc = useTRPC();
  const [error, setError] = useState<string | null>(null);
  const signUp = useMutation(trpc.auth.signUp.mutationOptions());
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (signUp.isPending) return;
    const form = new FormData(event.currentTarget);
    const input = { name: String(form.get("name")), email: String(form.get("email")), password: String(form.get("password")) };
    setError(null);
    try {
      await signUp.mutateAsync({ ...input, callbackUrl });
    } catch (failure) {
      setError(errorMessage(failure));
      return;
    }
    setSentTo(input.email.trim());
  }

  // The server answers the same for a new and a known address, so this says the same too.
  if (sentTo) return <CheckYourEmail email={sentTo} callbackUrl={callbackUrl} onBack={() => setSentTo(null)} />;

  return (
    <div className="space-y-6">
      <form method="post" onSubmit={onSubmit} className="space-y-4">
        {error ? <ErrorState title="Could not create your account" message={error} /> : null}
        <TextField label="Full name" name="name" autoComplete="name" required autoFocus />
        <TextField label="Work email" name="email" type="email" autoComplete="email" required defaultValue={defaultEmail} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={8}
          required
          hint="At least 8 characters, hard to guess: a few uncommon words work well."
        />
        <Button type="submit" className="w-full" loading={signUp.isPending} disabled={!hydrated}>
          Create account
        </Button>
      </form>
      <OAuthButtons providers={oauthProviders} callbackUrl={callbackUrl} />
      <p className="text-center text-sm text-stone-600">
        Already have an account?{" "}
        <Link
          href={authLink("/sign-in", callbackUrl, defaultEmail)}
          className="font-medium text-accent-700 underline-offset-2 hover:underline"
        >
          Sign in
        </Link>
      </p>
    </div>
  );
}

function CheckYourEmail({ email, callbackUrl, onBack }: { email: string; callbackUrl: string; onBack: () => void }) {
  return (
    <div role="status" className="space-y-4">
      <h2 className="text-lg font-semibold text-stone-900">Check your email</h2>
      <p className="text-sm text-stone-700">
        We sent a message to <strong className="break-all font-medium text-stone-900">{email}</strong>. Open the link in it to confirm your
        address, then sign in. If this address already has an account, the message tells you how to sign in instead.
      </p>
      <p className="text-sm text-stone-600">
        Nothing there after a few minutes? Look in your spam folder, or check the address and try again.
      </p>
      {/* Stacked on phones; flex-1 only in a row (in a column it collapses their height). */}
      <div className="flex flex-col gap-2 sm:flex-row">
        <ButtonLink href={authLink("/sign-in", callbackUrl, email)} className="sm:flex-1">
          Go to sign in
        </ButtonLink>
        <Button type="button" variant="secondary" className="sm:flex-1" onClick={onBack}>
          Use another address
        </Button>
      </div>
    </div>
  );
}

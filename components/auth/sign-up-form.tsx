"use client";
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
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
  const trpc = useTRPC();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const signUp = useMutation(trpc.auth.signUp.mutationOptions());
  const [signingIn, setSigningIn] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (signUp.isPending || signingIn) return;
    const form = new FormData(event.currentTarget);
    const input = { name: String(form.get("name")), email: String(form.get("email")), password: String(form.get("password")) };
    setError(null);
    try {
      await signUp.mutateAsync(input);
    } catch (failure) {
      setError(errorMessage(failure));
      return;
    }
    setSigningIn(true);
    const result = await signIn("credentials", { email: input.email, password: input.password, redirect: false });
    if (!result?.ok) {
      setSigningIn(false);
      setError("Your account was created but signing in failed. Please sign in.");
      return;
    }
    router.replace(callbackUrl);
    router.refresh();
  }

  return (
    <div className="space-y-6">
      <form onSubmit={onSubmit} className="space-y-4">
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
        <Button type="submit" className="w-full" loading={signUp.isPending || signingIn}>
          Create account
        </Button>
      </form>
      <OAuthButtons providers={oauthProviders} callbackUrl={callbackUrl} />
      <p className="text-center text-sm text-stone-600">
        Already have an account?{" "}
        <Link href={authLink("/sign-in", callbackUrl, defaultEmail)} className="font-medium text-accent-700 underline-offset-2 hover:underline">
          Sign in
        </Link>
      </p>
    </div>
  );
}

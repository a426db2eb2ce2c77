"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { ErrorState } from "@/components/ui/empty-state";
import { TextField } from "@/components/ui/field";

/** Sets a new password from the mailed link, then signs the person in with it. */
export function ResetPasswordForm({ token }: { token: string }) {
  const hydrated = useHydrated();
  const trpc = useTRPC();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions());

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reset.isPending || signingIn) return;
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password"));
    if (password !== String(form.get("confirm"))) {
      setError("The two passwords are not the same.");
      return;
    }
    setError(null);
    let email: string;
    try {
      ({ email } = await reset.mutateAsync({ token, password }));
    } catch (failure) {
      setError(errorMessage(failure));
      return;
    }
    setSigningIn(true);
    const result = await signIn("credentials", { email, password, redirect: false });
    router.replace(result?.ok ? "/workspaces" : "/sign-in?reset=1");
    router.refresh();
  }

  return (
    <form method="post" onSubmit={onSubmit} className="space-y-4">
      {error ? <ErrorState title="Could not change your password" message={error} /> : null}
      <TextField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        minLength={8}
        required
        autoFocus
        hint="At least 8 characters."
      />
      <TextField label="Repeat the new password" name="confirm" type="password" autoComplete="new-password" minLength={8} required />
      <Button type="submit" className="w-full" loading={reset.isPending || signingIn} disabled={!hydrated}>
        Save new password
      </Button>
    </form>
  );
}

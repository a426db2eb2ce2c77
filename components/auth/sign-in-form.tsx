"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { ErrorState } from "@/components/ui/empty-state";
import { TextField } from "@/components/ui/field";
import { authLink } from "@/shared/safe-callback";

export function SignInForm({
  callbackUrl,
  oauthProviders,
  initialError = null,
  defaultEmail,
  notice,
}: {
  callbackUrl: string;
  oauthProviders: { id: string; name: string }[];
  initialError?: string | null;
  defaultEmail?: string;
  notice?: string;
}) {
  const hydrated = useHydrated();
  const router = useRouter();
  const [error, setError] = useState<string | null>(initialError);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    const result = await signIn("credentials", { email: form.get("email"), password: form.get("password"), redirect: false });
    if (!result?.ok) {
      setPending(false);
      setError(signInErrorMessage(result?.error));
      return;
    }
    router.replace(callbackUrl);
    router.refresh();
  }

  return (
    <div className="space-y-6">
      <form method="post" onSubmit={onSubmit} className="space-y-4" noValidate={false}>
        {error ? <ErrorState title="Could not sign in" message={error} /> : null}
        {notice && !error ? (
          <p role="status" className="rounded-lg bg-accent-50 px-4 py-3 text-sm text-accent-900 ring-1 ring-accent-200">
            {notice}
          </p>
        ) : null}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          autoFocus={!defaultEmail}
          defaultValue={defaultEmail}
        />
        <div className="space-y-1.5">
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            autoFocus={Boolean(defaultEmail)}
          />
          <p className="text-right text-xs">
            <Link href="/forgot-password" className="font-medium text-accent-700 underline-offset-2 hover:underline">
              Forgot your password?
            </Link>
          </p>
        </div>
        <Button type="submit" className="w-full" loading={pending} disabled={!hydrated}>
          Sign in
        </Button>
      </form>
      <OAuthButtons providers={oauthProviders} callbackUrl={callbackUrl} />
      <p className="text-center text-sm text-stone-600">
        New to Atrium?{" "}
        <Link
          href={authLink("/sign-up", callbackUrl, defaultEmail)}
          className="font-medium text-accent-700 underline-offset-2 hover:underline"
        >
          Create an account
        </Link>
      </p>
    </div>
  );
}

/** The server's lockout ("locked:<minutes>", server/auth/sign-in-limits.ts) or a wrong email or password, in words. */
function signInErrorMessage(error: string | null | undefined): string {
  const locked = /^locked:(\d+)$/.exec(error ?? "");
  if (locked) {
    const minutes = Number(locked[1]);
    return `Too many sign-in attempts. For your security, signing in to this account is paused for ${minutes} minute${minutes === 1 ? "" : "s"}; try again then.`;
  }
  return "That email and password do not match an account.";
}

export function OAuthButtons({ providers, callbackUrl }: { providers: { id: string; name: string }[]; callbackUrl: string }) {
  if (providers.length === 0) return null;
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 text-xs text-stone-600">
        <span className="h-px flex-1 bg-stone-200" />
        or
        <span className="h-px flex-1 bg-stone-200" />
      </div>
      {providers.map((provider) => (
        <Button key={provider.id} variant="secondary" className="w-full" onClick={() => signIn(provider.id, { callbackUrl })}>
          Continue with {provider.name}
        </Button>
      ))}
    </div>
  );
}

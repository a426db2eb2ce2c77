/**
 * Account pre-hijack through OAuth: someone signs up with a victim's email (never
 * confirming it) and waits for the victim to sign in with Google or GitHub. Linking
 * happens only between a provider-verified email and an account that confirmed that
 * address; accounts from before email confirmation existed count as unconfirmed.
 */
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { users } from "@/db/schema/studio";
import { authOptions } from "@/server/auth/options";
import { isSessionLive, startSession } from "@/server/auth/sessions";
import { verifiedProviderEmail } from "@/server/auth/verified-provider-email";
import { createStudioContext } from "../context";
import { issueEmailToken } from "./email-tokens";
import { resetPassword } from "./reset-password";
import { signUp } from "./sign-up";

afterAll(closeDb);

const email = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;

/** next-auth's signIn callback as it runs after a provider answered. */
async function oauthSignIn(input: { provider: "google" | "github"; email: string; emailVerified?: boolean }) {
  const user = { id: `provider-id-${Math.random()}`, email: input.email, name: "Victim" };
  const signIn = authOptions().callbacks!.signIn!;
  const result = await signIn({
    user,
    account: { type: "oauth", provider: input.provider, providerAccountId: user.id, access_token: undefined },
    profile: { email: input.email, email_verified: input.emailVerified ?? true },
  } as never);
  return { result, userId: user.id };
}

async function row(address: string) {
  const [found] = await (await getDb()).select().from(users).where(eq(users.email, address));
  return found;
}

describe("OAuth linking", () => {
  it("does not hand an unconfirmed account made in advance to a provider sign-in", async () => {
    const victim = email("victim");
    await signUp(await createStudioContext(), { name: "Attacker", email: victim, password: "a long attacker passphrase 91" });
    const { result, userId } = await oauthSignIn({ provider: "google", email: victim });
    expect(result).toBe("/sign-in?error=ConfirmEmailFirst");
    // The attacker's account was not linked, nor confirmed by the victim's sign-in.
    expect((await row(victim)).id).not.toBe(userId);
    expect((await row(victim)).emailVerifiedAt).toBeNull();
  });

  it("lets the address's owner take the account back: a reset confirms it and signs the maker out", async () => {
    const ctx = await createStudioContext();
    const victim = email("reclaim");
    const made = (await signUp(ctx, { name: "Attacker", email: victim, password: "a long attacker passphrase 91" }))!;
    const attackerSession = await startSession(ctx.db, { userId: made.id });
    // The owner of the address follows a reset link mailed to it.
    const token = await issueEmailToken(ctx, { userId: made.id, email: victim, purpose: "reset_password" });
    await resetPassword(ctx, { token, password: "the owner's own long passphrase 7" });
    expect(await isSessionLive(ctx.db, { sessionId: attackerSession, userId: made.id })).toBe(false);
    expect((await row(victim)).emailVerifiedAt).toBeInstanceOf(Date);
    expect((await oauthSignIn({ provider: "google", email: victim })).result).toBe(true);
  });

  it("refuses a provider email the provider did not verify", async () => {
    const address = email("unverified");
    expect((await oauthSignIn({ provider: "google", email: address, emailVerified: false })).result).toBe(
      "/sign-in?error=EmailNotVerified",
    );
    expect(await row(address)).toBeUndefined();
  });

  it("links a verified provider email to an account that confirmed the address, and creates confirmed accounts", async () => {
    const ctx = await createStudioContext();
    const owner = email("owner");
    const created = (await signUp(ctx, { name: "Owner", email: owner, password: "a long owner passphrase 42" }))!;
    await (await getDb()).update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, created.id));
    const linked = await oauthSignIn({ provider: "google", email: owner });
    expect(linked.result).toBe(true);

    const fresh = email("fresh");
    expect((await oauthSignIn({ provider: "google", email: fresh })).result).toBe(true);
    expect((await row(fresh)).emailVerifiedAt).toBeInstanceOf(Date);
  });

  it("reads GitHub's verified addresses from /user/emails, as its API documents", async () => {
    const asked: string[] = [];
    // GitHub's published answer: every address with primary, verified and visibility.
    const github = (async (url: string | URL, init?: RequestInit) => {
      asked.push(`${url} ${new Headers(init?.headers).get("authorization")}`);
      return Response.json([
        { email: "Main@Example.test", primary: true, verified: true, visibility: "public" },
        { email: "claimed@example.test", primary: false, verified: false, visibility: null },
      ]);
    }) as typeof fetch;
    const check = (address: string) =>
      verifiedProviderEmail({ provider: "github", email: address, accessToken: "gho_token", fetch: github });
    expect(await check("main@example.test")).toBe("main@example.test");
    expect(await check("claimed@example.test")).toBeNull();
    expect(asked[0]).toBe("https://api.github.com/user/emails Bearer gho_token");
    expect(await verifiedProviderEmail({ provider: "github", email: "main@example.test", fetch: github })).toBeNull();
  });
});

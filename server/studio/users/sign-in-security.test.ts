/**
 * Account attacks (security findings 4, 5 and the revocable-session part of 7), against
 * the real database: password guessing is locked out per account and per address before
 * any hashing, weak passwords are refused at sign-up, unknown and known emails answer
 * alike, and a signed-out session is dead.
 */
import { TRPCError } from "@trpc/server";
import type { JWT } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { closeDb } from "@/db/client";
import { env } from "@/env";
import { authOptions } from "@/server/auth/options";
import { SignInLockedError } from "@/server/auth/sign-in-limits";
import { createTRPCContext } from "@/server/trpc/init";
import { createCaller } from "@/server/trpc/root";
import { callerFor } from "@/test/callers";
import { AppError } from "@/server/errors";
import { createStudioContext, type StudioContext } from "../context";
import { signInWithPassword } from "./sign-in-with-password";
import { signUp } from "./sign-up";

let ctx: StudioContext;
let counter = 0;
const password = "harbour lantern quietly";
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${counter++}@example.test`;
const uniqueIp = () => `203.0.113.${counter++ % 250}`;

async function outcome(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => value,
    (error: unknown) => error,
  );
}

beforeAll(async () => {
  ctx = await createStudioContext();
});
afterAll(closeDb);

describe("password guessing", () => {
  it("refuses the 31st attempt after 30 wrong passwords, even with the right password", async () => {
    const email = uniqueEmail("target");
    await signUp(ctx, { name: "Tara", email, password });
    const results: unknown[] = [];
    // Each guess from a different address, as a botnet would: the account limit still holds.
    for (let i = 0; i < 30; i++)
      results.push(await outcome(signInWithPassword(ctx, { email, password: `wrong guess ${i}`, ip: uniqueIp() })));
    const right = await outcome(signInWithPassword(ctx, { email, password, ip: uniqueIp() }));
    expect(right).toBeInstanceOf(SignInLockedError);
    expect((right as SignInLockedError).message).toMatch(/^locked:\d+$/);
    expect(results.slice(0, env.SIGN_IN_ACCOUNT_LIMIT)).toEqual(Array(env.SIGN_IN_ACCOUNT_LIMIT).fill(null));
    expect(results.slice(env.SIGN_IN_ACCOUNT_LIMIT).every((r) => r instanceof SignInLockedError)).toBe(true);
  });

  it("locks an unknown email exactly like a known one, so a lockout reveals nothing", async () => {
    const email = uniqueEmail("nobody");
    const results: unknown[] = [];
    for (let i = 0; i <= env.SIGN_IN_ACCOUNT_LIMIT; i++)
      results.push(await outcome(signInWithPassword(ctx, { email, password, ip: uniqueIp() })));
    expect(results.slice(0, -1)).toEqual(Array(env.SIGN_IN_ACCOUNT_LIMIT).fill(null));
    expect(results.at(-1)).toBeInstanceOf(SignInLockedError);
  });

  it("limits one address spraying many accounts", async () => {
    const ip = uniqueIp() + "9";
    const results: unknown[] = [];
    const configured = env.SIGN_IN_IP_LIMIT;
    env.SIGN_IN_IP_LIMIT = 12;
    onTestFinished(() => void (env.SIGN_IN_IP_LIMIT = configured));
    for (let i = 0; i <= env.SIGN_IN_IP_LIMIT; i++)
      results.push(await outcome(signInWithPassword(ctx, { email: uniqueEmail("spray"), password, ip })));
    expect(results.at(-2)).toBeNull();
    expect(results.at(-1)).toBeInstanceOf(SignInLockedError);
  });

  it("lets the owner in after a few mistakes, and forgets them on success", async () => {
    const email = uniqueEmail("owner");
    await signUp(ctx, { name: "Omar", email, password });
    for (let i = 0; i < env.SIGN_IN_ACCOUNT_LIMIT - 1; i++) await signInWithPassword(ctx, { email, password: "typo", ip: uniqueIp() });
    expect(await signInWithPassword(ctx, { email, password, ip: uniqueIp() })).toMatchObject({ email });
    for (let i = 0; i < env.SIGN_IN_ACCOUNT_LIMIT - 1; i++) await signInWithPassword(ctx, { email, password: "typo", ip: uniqueIp() });
    expect(await signInWithPassword(ctx, { email: email.toUpperCase(), password, ip: uniqueIp() })).toMatchObject({ email });
  });
});

describe("sign-up", () => {
  it.each(["password", "12345678", "qwertyuiop", "Password1!", "P@ssw0rd2024", "sunshine99", "harbourrealty"])(
    "refuses the weak password %j",
    async (weak) => {
      const error = await outcome(signUp(ctx, { name: "Harbour Realty", email: uniqueEmail("harbour-realty"), password: weak }));
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe("invalid_request");
      expect((error as AppError).message).toMatch(/too easy to guess/);
    },
  );

  it("is limited per address", async () => {
    const ip = `198.51.100.${counter++ % 250}`;
    const api = createCaller(await createTRPCContext({ session: null, ip }));
    const codes: string[] = [];
    for (let i = 0; i <= env.SIGN_UP_IP_LIMIT; i++) {
      const result = await outcome(api.auth.signUp({ name: "Sam", email: uniqueEmail("burst"), password }));
      codes.push(result instanceof TRPCError ? result.code : "OK");
    }
    expect(codes.slice(0, -1)).toEqual(Array(env.SIGN_UP_IP_LIMIT).fill("OK"));
    expect(codes.at(-1)).toBe("TOO_MANY_REQUESTS");
  });
});

describe("sessions", () => {
  const { callbacks, events } = authOptions();
  const jwt = (params: Record<string, unknown>) => callbacks!.jwt!(params as never) as Promise<JWT>;
  const session = (token: JWT) =>
    callbacks!.session!({ session: { expires: new Date(Date.now() + 60_000).toISOString() }, token } as never) as unknown as Promise<{
      user?: { id?: string };
    }>;

  async function signIn(label: string) {
    const email = uniqueEmail(label);
    const user = (await signUp(ctx, { name: label, email, password }))!;
    const token = await jwt({ token: { email, name: label }, user: { id: user.id, email, name: label } });
    return { user, token };
  }

  it("keeps a recorded session and refuses a forged or unrecorded one", async () => {
    const { user, token } = await signIn("Sol");
    expect((await session(await jwt({ token }))).user?.id).toBe(user.id);
    expect((await session(await jwt({ token: { ...token, sid: "made-up" } }))).user).toBeUndefined();
    expect((await session(await jwt({ token: { uid: user.id, email: token.email } }))).user).toBeUndefined();
    const other = await signIn("Eve");
    expect((await session(await jwt({ token: { ...other.token, uid: user.id } }))).user).toBeUndefined();
  });

  it("ends a session at sign-out: the old cookie's token is dead", async () => {
    const { token } = await signIn("Kai");
    await events!.signOut!({ token } as never);
    expect((await session(await jwt({ token }))).user).toBeUndefined();
  });

  it("signs out everywhere: every session of the person ends, others' stay", async () => {
    const { user, token: laptop } = await signIn("Noor");
    const phone = await jwt({ token: { email: laptop.email }, user: { id: user.id } });
    const bystander = await signIn("Bea");
    const api = await callerFor({ id: user.id, email: String(laptop.email), name: "Noor" });
    expect(await api.auth.signOutEverywhere()).toEqual({ ended: 2 });
    for (const token of [laptop, phone]) expect((await session(await jwt({ token }))).user).toBeUndefined();
    expect((await session(await jwt({ token: bystander.token }))).user?.id).toBe(bystander.user.id);
  });
});

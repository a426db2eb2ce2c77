/**
 * Limits on password guessing and sign-up, kept in Postgres with rate-limiter-flexible
 * (as the API's limits are) so every instance shares one count:
 * - per account (keyed by the normalised email, whether or not such an account exists,
 *   so a lockout reveals nothing): SIGN_IN_ACCOUNT_LIMIT attempts per 15 minutes, then
 *   locked for 15 minutes, even for the right password;
 * - per client address: SIGN_IN_IP_LIMIT attempts per 15 minutes;
 * - sign-ups per client address: SIGN_UP_IP_LIMIT per hour;
 * - "someone tried to sign up with your email" notes: one per address per hour.
 * An attempt is counted before the password is hashed, so a refused attempt costs no
 * argon2 work; a successful sign-in clears its account's count.
 */
import "server-only";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import type { Database } from "@/db/client";
import { authRateLimits } from "@/db/schema";
import { env } from "@/env";
import { AppError } from "@/server/errors";

const WINDOW_SECONDS = 15 * 60;
const limiters = new Map<string, RateLimiterDrizzle>();

function limiter(db: Database, name: string, points: number, duration: number, blockDuration = duration): RateLimiterDrizzle {
  const id = `${name}:${points}:${duration}:${blockDuration}`;
  let found = limiters.get(id);
  if (!found) {
    found = new RateLimiterDrizzle({ storeClient: db, schema: authRateLimits, points, duration, blockDuration, keyPrefix: `auth:${name}` });
    limiters.set(id, found);
  }
  return found;
}

const accountLimiter = (db: Database) => limiter(db, "sign-in-account", env.SIGN_IN_ACCOUNT_LIMIT, WINDOW_SECONDS);
const ipLimiter = (db: Database) => limiter(db, "sign-in-ip", env.SIGN_IN_IP_LIMIT, WINDOW_SECONDS);
const signUpLimiter = (db: Database) => limiter(db, "sign-up-ip", env.SIGN_UP_IP_LIMIT, 3600);
// No block: repeated tries must not stretch the silence, so the owner hears again an hour later.
const signUpNoticeLimiter = (db: Database) => limiter(db, "sign-up-notice", 1, 3600, 0);

/** Raised when a sign-in is refused by a limit; `retryAfterSeconds` is when it may be tried again. */
export class SignInLockedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`locked:${Math.ceil(retryAfterSeconds / 60)}`);
    this.name = "SignInLockedError";
  }
}

async function take(limit: RateLimiterDrizzle, key: string): Promise<number | null> {
  try {
    await limit.consume(key, 1);
    return null;
  } catch (refusal) {
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
  }
}

/** Counts one sign-in attempt; throws SignInLockedError when the account or the address is over its limit. */
export async function countSignInAttempt(db: Database, input: { email: string; ip: string }): Promise<void> {
  const [account, address] = await Promise.all([take(accountLimiter(db), input.email), take(ipLimiter(db), input.ip)]);
  const wait = Math.max(account ?? 0, address ?? 0);
  if (wait > 0) throw new SignInLockedError(wait);
}

/** After a successful sign-in: the account's failures are forgotten, and the attempt is not held against the address. */
export async function forgetSignInAttempts(db: Database, input: { email: string; ip: string }): Promise<void> {
  await Promise.all([accountLimiter(db).delete(input.email), ipLimiter(db).reward(input.ip, 1)]);
}

/** Counts one sign-up from an address; too many → rate_limited. */
export async function countSignUp(db: Database, ip: string): Promise<void> {
  const wait = await take(signUpLimiter(db), ip);
  if (wait !== null) {
    throw new AppError("rate_limited", `Too many accounts were created from your network. Try again in ${Math.ceil(wait / 60)} minutes.`);
  }
}

/**
 * Whether the owner of a known address may be told of another sign-up attempt now: one
 * note per address per hour, so repeated attempts cannot flood a person's inbox (the
 * per-address sign-up limit alone let 10 an hour through from every network).
 */
export async function claimSignUpNotice(db: Database, email: string): Promise<boolean> {
  return (await take(signUpNoticeLimiter(db), email)) === null;
}

/**
 * Limits on password guessing and sign-up, kept in Postgres with rate-limiter-flexible
 * (as the API's limits are) so every instance shares one count:
 * - per account (keyed by the normalised email, whether or not such an account exists,
 *   so a lockout reveals nothing): SIGN_IN_ACCOUNT_LIMIT attempts per 15 minutes, then
 *   locked for 15 minutes, even for the right password;
 * - per client address: SIGN_IN_IP_LIMIT attempts per 15 minutes;
 * - sign-ups per client address: SIGN_UP_IP_LIMIT per hour;
 * - "someone tried to sign up with your email" notes: one per address per hour;
 * - password-reset and confirmation-resend requests: EMAIL_REQUEST_LIMIT per address and
 *   EMAIL_REQUEST_IP_LIMIT per client address per hour (keyed by the address typed, so a
 *   refusal says nothing about whether it has an account);
 * - the mail budget: EMAIL_RECIPIENT_LIMIT messages per recipient per hour over every mail
 *   someone else can cause (confirmations, sign-up notes, resets, invitations).
 * An attempt is counted before the password is hashed, so a refused attempt costs no
 * argon2 work; a successful sign-in clears its account's count.
 */
import "server-only";
import { RateLimiterDrizzle, type RateLimiterRes } from "rate-limiter-flexible";
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
const mailRequestLimiter = (db: Database) => limiter(db, "mail-request", env.EMAIL_REQUEST_LIMIT, 3600);
const mailRequestIpLimiter = (db: Database) => limiter(db, "mail-request-ip", env.EMAIL_REQUEST_IP_LIMIT, 3600);
const recipientBudget = (db: Database) => limiter(db, "mail-recipient", env.EMAIL_RECIPIENT_LIMIT, 3600, 0);

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
    // Rejected with an Error when the store failed, with a RateLimiterRes when over the limit (the library's documented check).
    if (refusal instanceof Error) throw refusal;
    const limited = refusal as RateLimiterRes;
    return Math.max(1, Math.ceil(limited.msBeforeNext / 1000));
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

/**
 * Counts one password-reset or confirmation-resend request for `email` from `ip`; over
 * either limit → rate_limited. Both counts are taken whatever the outcome, so a request
 * for a known address costs what one for an unknown address costs.
 */
export async function countMailRequest(db: Database, input: { email: string; ip: string }): Promise<void> {
  const [address, client] = await Promise.all([take(mailRequestLimiter(db), input.email), take(mailRequestIpLimiter(db), input.ip)]);
  const wait = Math.max(address ?? 0, client ?? 0);
  if (wait > 0) throw new AppError("rate_limited", `Too many requests. Try again in ${Math.ceil(wait / 60)} minutes.`);
}

/** Takes one message of the recipient's hourly budget; false when it is spent (the mail is then not sent). */
export async function claimRecipientBudget(db: Database, recipient: string): Promise<boolean> {
  return (await take(recipientBudget(db), recipient.trim().toLowerCase())) === null;
}

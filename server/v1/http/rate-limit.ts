/**
 * Per-account rate limits per minute, by plan (D10), shared by every instance of the app
 * through one count in Postgres (rate-limiter-flexible), without a write per request:
 * an instance takes points from the shared count in blocks (a lease) and spends them
 * locally until the block or the window ends. Blocks shrink as the shared count nears
 * the limit (to a single point), so the limit holds exactly on one instance and is
 * overshot by no more than a block's unused points per other instance. A refusal is
 * remembered until the window resets, so a client hammering past its limit costs the
 * database nothing either. Answers carry the IETF draft fields RateLimit-Policy and
 * RateLimit; a refusal adds Retry-After.
 */
import "server-only";
import { RateLimiterDrizzle, type RateLimiterRes } from "rate-limiter-flexible";
import type { Database } from "@/db/client";
import { rateLimits } from "@/db/schema";
import type { Plan } from "@/shared/vocabulary";
import { rateLimitPerMinute } from "../plans";

const WINDOW_SECONDS = 60;
/** The largest block: a twentieth of the plan's minute (6 requests on free, 100 on business). */
const BLOCK_SHARE = 20;

interface Lease {
  /** Points taken from the shared count and not spent yet. */
  local: number;
  /** What the shared count had left after the last block was taken. */
  shared: number;
  windowEndsAt: number;
}

const limiters = new Map<string, RateLimiterDrizzle>();
const leases = new Map<string, Lease>();
const taking = new Map<string, Promise<void>>();

function limiterFor(db: Database, plan: Plan): RateLimiterDrizzle {
  const points = rateLimitPerMinute(plan);
  const id = `${plan}:${points}`;
  let limiter = limiters.get(id);
  if (!limiter) {
    limiter = new RateLimiterDrizzle({ storeClient: db, schema: rateLimits, points, duration: WINDOW_SECONDS, keyPrefix: `v1:${plan}` });
    limiters.set(id, limiter);
  }
  return limiter;
}

export interface RateLimitOutcome {
  allowed: boolean;
  headers: Record<string, string>;
}

export async function checkRateLimit(db: Database, account: { id: string; plan: Plan }): Promise<RateLimitOutcome> {
  const quota = rateLimitPerMinute(account.plan);
  const key = `${account.plan}:${account.id}`;
  for (;;) {
    const lease = leases.get(key);
    const now = Date.now();
    if (lease && lease.windowEndsAt > now && (lease.local > 0 || lease.shared <= 0)) {
      const allowed = lease.local > 0;
      if (allowed) lease.local -= 1;
      return outcome(quota, allowed, allowed ? lease.shared + lease.local : 0, lease.windowEndsAt - now);
    }
    // One block at a time per account: concurrent requests wait for it rather than each take one.
    let pending = taking.get(key);
    if (!pending) {
      pending = takeBlock(db, account, key, lease && lease.windowEndsAt > now ? lease : null).finally(() => taking.delete(key));
      taking.set(key, pending);
    }
    await pending;
  }
}

async function takeBlock(db: Database, account: { id: string; plan: Plan }, key: string, current: Lease | null): Promise<void> {
  const quota = rateLimitPerMinute(account.plan);
  const largest = Math.max(1, Math.floor(quota / BLOCK_SHARE));
  const block = current ? Math.max(1, Math.min(largest, Math.floor(current.shared / 4))) : largest;
  try {
    const taken = await limiterFor(db, account.plan).consume(account.id, block);
    leases.set(key, { local: (current?.local ?? 0) + block, shared: taken.remainingPoints, windowEndsAt: Date.now() + taken.msBeforeNext });
  } catch (refusal) {
    // Rejected with an Error when the store failed, with a RateLimiterRes when over the limit (the library's documented check).
    if (refusal instanceof Error) throw refusal;
    const limited = refusal as RateLimiterRes;
    const windowEndsAt = Date.now() + limited.msBeforeNext;
    const left = Math.max(0, quota - (limited.consumedPoints - block));
    if (block > 1) {
      // A refused block still counted: give it back, and take what is left in smaller blocks.
      await limiterFor(db, account.plan).reward(account.id, block);
      leases.set(key, { local: current?.local ?? 0, shared: left, windowEndsAt });
      return;
    }
    leases.set(key, { local: 0, shared: 0, windowEndsAt });
  }
}

function outcome(quota: number, allowed: boolean, remaining: number, msLeft: number): RateLimitOutcome {
  const reset = Math.max(1, Math.ceil(msLeft / 1000));
  const headers: Record<string, string> = {
    "RateLimit-Policy": `"default";q=${quota};w=${WINDOW_SECONDS}`,
    RateLimit: `"default";r=${Math.max(0, remaining)};t=${reset}`,
  };
  if (!allowed) headers["Retry-After"] = String(reset);
  return { allowed, headers };
}

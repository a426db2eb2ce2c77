/**
 * Per-account rate limits per minute, by plan (D10), kept in Postgres through
 * rate-limiter-flexible so every instance of the app shares one count. Answers carry
 * the IETF draft fields RateLimit-Policy and RateLimit; a refusal adds Retry-After.
 */
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import type { Database } from "@/db/client";
import { rateLimits, type Plan } from "@/db/schema";
import { rateLimitPerMinute } from "../plans";

const WINDOW_SECONDS = 60;
const limiters = new Map<string, RateLimiterDrizzle>();

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
  let outcome: RateLimiterRes;
  let allowed = true;
  try {
    outcome = await limiterFor(db, account.plan).consume(account.id, 1);
  } catch (refusal) {
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    outcome = refusal;
    allowed = false;
  }
  const reset = Math.max(1, Math.ceil(outcome.msBeforeNext / 1000));
  const headers: Record<string, string> = {
    "RateLimit-Policy": `"default";q=${quota};w=${WINDOW_SECONDS}`,
    RateLimit: `"default";r=${Math.max(0, outcome.remainingPoints)};t=${reset}`,
  };
  if (!allowed) headers["Retry-After"] = String(reset);
  return { allowed, headers };
}

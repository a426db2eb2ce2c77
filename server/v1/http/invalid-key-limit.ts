/**
 * Per-address limit on invalid API keys: V1_INVALID_KEY_IP_LIMIT wrong keys per 10
 * minutes from one client address, then every request from it is refused for 10
 * minutes with 429 `rate_limited` and Retry-After (a correct key too, or guessing
 * would go on). The count is shared by every instance in Postgres (rate-limiter-flexible,
 * as the per-account limits); only a wrong key writes to it. A refused address is
 * remembered in memory, so a valid key's request costs one map lookup and a client
 * hammering with bad keys costs the database nothing once refused.
 */
import "server-only";
import { RateLimiterDrizzle, type RateLimiterRes } from "rate-limiter-flexible";
import type { Database } from "@/db/client";
import { rateLimits } from "@/db/schema";
import { env } from "@/env";

const WINDOW_SECONDS = 10 * 60;
/** Past this many remembered addresses, expired ones are dropped (an attack from many addresses). */
const PRUNE_AT = 10_000;

const blockedUntil = new Map<string, number>();
let limiter: { points: number; instance: RateLimiterDrizzle } | undefined;

function limiterFor(db: Database): RateLimiterDrizzle {
  const points = env.V1_INVALID_KEY_IP_LIMIT;
  if (limiter?.points !== points) {
    const instance = new RateLimiterDrizzle({
      storeClient: db,
      schema: rateLimits,
      points,
      duration: WINDOW_SECONDS,
      blockDuration: WINDOW_SECONDS,
      keyPrefix: "v1:invalid-key",
    });
    limiter = { points, instance };
  }
  return limiter.instance;
}

/** Seconds until the address may try again, or null when it is not refused. Memory only. */
export function invalidKeyRefusal(ip: string, now = Date.now()): number | null {
  const until = blockedUntil.get(ip);
  if (until === undefined) return null;
  if (until <= now) {
    blockedUntil.delete(ip);
    return null;
  }
  return Math.max(1, Math.ceil((until - now) / 1000));
}

/** Counts one wrong key from the address; returns the seconds of refusal when that was one too many. */
export async function countInvalidKey(db: Database, ip: string): Promise<number | null> {
  try {
    await limiterFor(db).consume(ip, 1);
    return null;
  } catch (refusal) {
    // Rejected with an Error when the store failed, with a RateLimiterRes when over the limit (the library's documented check).
    if (refusal instanceof Error) throw refusal;
    const limited = refusal as RateLimiterRes;
    const now = Date.now();
    if (blockedUntil.size >= PRUNE_AT) for (const [key, until] of blockedUntil) if (until <= now) blockedUntil.delete(key);
    blockedUntil.set(ip, now + limited.msBeforeNext);
    return Math.max(1, Math.ceil(limited.msBeforeNext / 1000));
  }
}

import "server-only";
import { env } from "@/env";

/**
 * The waits between scheduled attempts of a delivery (D16: "about 3 days"): by default
 * the Standard Webhooks example schedule (immediately, then 5 s, 5 min, 30 min, 2 h, 5 h,
 * 10 h, 14 h, 20 h, 24 h), 10 attempts over about 3 days and 4 hours, from the setting
 * V1_WEBHOOK_RETRY_SECONDS. Each wait is stretched or shrunk by up to 10 % so receivers
 * recovering from an outage are not hit all at once.
 */
export const SCHEDULED_ATTEMPTS = env.V1_WEBHOOK_RETRY_SECONDS.length + 1;

/** When scheduled attempt `attempt` (1-based) failed at `now`: the time of the next, or null when it was the last. */
export function nextAttemptAt(attempt: number, now: Date, random: () => number = Math.random): Date | null {
  const wait = env.V1_WEBHOOK_RETRY_SECONDS[attempt - 1];
  if (wait === undefined) return null;
  const jitter = 1 + (random() * 2 - 1) * 0.1;
  return new Date(now.getTime() + Math.round(wait * 1000 * jitter));
}

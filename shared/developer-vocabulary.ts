/**
 * The words and limits of the developer console (D16): key scopes, webhook event types,
 * delivery states, and how many keys and endpoints an account may hold. Pure module: the
 * database schema, the v1 verbs, the tRPC inputs and the Developers pages read from here.
 */

/** `read_only` keys may call GET routes only; anything else answers 403 `insufficient_scope`. */
export const KEY_SCOPES = ["full", "read_only"] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];
export const KEY_SCOPE_LABELS: Record<KeyScope, string> = { full: "Full access", read_only: "Read only" };

export const MAX_LIVE_KEYS = 20;
export const MAX_KEY_NAME_LENGTH = 60;

/** The overlaps offered when a key is rotated or a webhook secret is rolled; 24 h is the default (D16). */
export const ROTATION_OVERLAP_HOURS = [0, 1, 24, 72, 168] as const;
export type RotationOverlapHours = (typeof ROTATION_OVERLAP_HOURS)[number];
export const DEFAULT_ROTATION_OVERLAP_HOURS: RotationOverlapHours = 24;
export function overlapLabel(hours: number): string {
  if (hours === 0) return "None: the old one stops at once";
  if (hours < 24) return `${hours} hour${hours === 1 ? "" : "s"}`;
  return `${hours / 24} day${hours === 24 ? "" : "s"}`;
}

/** The events an endpoint can subscribe to (D11); `webhook.test` is sent only by "Send test event". */
export const WEBHOOK_EVENT_TYPES = ["job.completed", "job.failed"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const TEST_EVENT_TYPE = "webhook.test";
export const MAX_WEBHOOK_ENDPOINTS = 10;

export const DELIVERY_STATES = ["pending", "delivered", "failed"] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** Days the request log and the webhook delivery log keep their rows (D16). */
export const DEVELOPER_LOG_DAYS = 30;

/** The request log's status filter. */
export const STATUS_CLASSES = ["2xx", "4xx", "5xx"] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

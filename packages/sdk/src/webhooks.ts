import { hmac } from "fast-sha256";
import { Webhook } from "standardwebhooks";
import type { WebhookEvent } from "./types.ts";

/** A delivery whose signature, timestamp or headers do not check out: answer it with a 4xx and do not act on it. */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}

export interface VerifyWebhookInput {
  /** The raw request body, exactly as received (verify before parsing it). */
  payload: string;
  /** The request's headers: a Headers object or a plain object, as Node and the web platform give them. */
  headers: Headers | Record<string, string | string[] | undefined>;
  /** The endpoint's signing secret (`whsec_…`). */
  secret: string;
}

/** Receivers reject deliveries whose timestamp is further off than this (D11; the Standard Webhooks default too). */
const TOLERANCE_SECONDS = 5 * 60;

function headerOf(headers: VerifyWebhookInput["headers"], name: string): string | null {
  if (headers instanceof Headers) return headers.get(name);
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(entry) ? (entry[0] ?? null) : (entry ?? null);
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");

function sameText(a: string, b: string): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) difference |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return difference === 0;
}

/**
 * The contract's scheme: `X-Service-Signature` is `sha256=` and the hex HMAC-SHA256,
 * keyed by the secret's UTF-8 bytes, of `X-Service-Timestamp + "." + body`.
 */
function verifyContractSignature(input: VerifyWebhookInput, signature: string): void {
  const timestamp = Number(headerOf(input.headers, "x-service-timestamp"));
  if (!Number.isInteger(timestamp)) throw new WebhookVerificationError("X-Service-Timestamp is missing or not Unix seconds.");
  if (Math.abs(Date.now() / 1000 - timestamp) > TOLERANCE_SECONDS)
    throw new WebhookVerificationError("The delivery's timestamp is more than 5 minutes off.");
  const encoder = new TextEncoder();
  const expected = `sha256=${hex(hmac(encoder.encode(input.secret), encoder.encode(`${timestamp}.${input.payload}`)))}`;
  if (!sameText(expected, signature.trim())) throw new WebhookVerificationError("X-Service-Signature does not match the body.");
}

/**
 * Checks a webhook delivery and returns its event. Deliveries carry two signatures:
 * the Standard Webhooks headers (`webhook-id`, `webhook-timestamp`, `webhook-signature`,
 * checked with the `standardwebhooks` library, which accepts any of several signatures
 * during a secret's rotation) and the contract's `X-Service-Signature` /
 * `X-Service-Timestamp`. The first is used when present, the second otherwise; either
 * refuses a timestamp more than 5 minutes off. Dedupe events by `id` (`webhook-id`):
 * a retried delivery keeps it.
 */
export function verifyWebhook(input: VerifyWebhookInput): WebhookEvent {
  const standard = headerOf(input.headers, "webhook-signature");
  const contract = headerOf(input.headers, "x-service-signature");
  if (standard !== null) {
    const headers = {
      "webhook-id": headerOf(input.headers, "webhook-id") ?? "",
      "webhook-timestamp": headerOf(input.headers, "webhook-timestamp") ?? "",
      "webhook-signature": standard,
    };
    try {
      new Webhook(input.secret).verify(input.payload, headers);
    } catch (error) {
      throw new WebhookVerificationError(error instanceof Error ? error.message : "The webhook signature does not match.");
    }
  } else if (contract !== null) {
    verifyContractSignature(input, contract);
  } else {
    throw new WebhookVerificationError("The request carries no webhook signature (webhook-signature or X-Service-Signature).");
  }
  try {
    return JSON.parse(input.payload) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError("The signed body is not JSON.");
  }
}

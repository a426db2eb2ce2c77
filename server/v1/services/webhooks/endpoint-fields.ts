import "server-only";
import { AppError } from "@/server/errors";
import { MAX_WEBHOOK_DESCRIPTION_LENGTH, WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/shared/vocabulary";

/** The event types an endpoint asks for: known ones, at least one, each once, in the vocabulary's order. */
export function checkEventTypes(types: readonly string[]): WebhookEventType[] {
  const unknown = types.filter((type) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(type));
  if (unknown.length > 0) throw new AppError("invalid_request", `Unknown event type: ${unknown.join(", ")}.`);
  const chosen = WEBHOOK_EVENT_TYPES.filter((type) => types.includes(type));
  if (chosen.length === 0) throw new AppError("invalid_request", "Choose at least one event type.");
  return chosen;
}

export function checkDescription(description: string | undefined): string {
  const text = (description ?? "").trim();
  if (text.length > MAX_WEBHOOK_DESCRIPTION_LENGTH)
    throw new AppError("invalid_request", `The description is at most ${MAX_WEBHOOK_DESCRIPTION_LENGTH} characters.`);
  return text;
}

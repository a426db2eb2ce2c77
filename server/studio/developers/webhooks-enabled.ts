import "server-only";
import { env } from "@/env";
import { AppError } from "@/server/errors";

/** Endpoints are managed only where the deployment sends webhooks (V1_WEBHOOKS_ENABLED, D11). */
export function assertWebhooksEnabled(): void {
  if (!env.V1_WEBHOOKS_ENABLED) throw new AppError("feature_unavailable", "Webhooks are not enabled on this deployment.");
}

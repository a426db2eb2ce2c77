/**
 * Fair shares of provider time (Inngest `concurrency`, honoured by the local executor
 * too). Every durable function that calls a provider declares both:
 * - one account's steps at once, over all such functions (scope "account" with the
 *   account in the key), so a brokerage's 200-photo listing queues behind itself and
 *   another brokerage's single photo is served in turn (keys are served round-robin);
 * - a global limit per provider, shared by every instance, from settings.
 * Their events carry `accountId` for this.
 */
import { env } from "@/env";

export type ProviderOperation = "redesign" | "video";

const PROVIDER_LIMITS: Record<ProviderOperation, number> = {
  redesign: env.PROVIDER_CONCURRENCY_REDESIGN,
  video: env.PROVIDER_CONCURRENCY_VIDEO,
};

type Option = { scope: "account"; key: string; limit: number };

export function providerConcurrency(operation: ProviderOperation): [Option, Option] {
  return [
    { scope: "account", key: '"account-" + event.data.accountId', limit: env.ACCOUNT_CONCURRENCY },
    { scope: "account", key: `"provider-${operation}"`, limit: PROVIDER_LIMITS[operation] },
  ];
}

export {
  createAtriumClient,
  nextCursor,
  type AtriumClient,
  type AtriumClientOptions,
  type CallOptions,
  type GenerationOptions,
  type JobListPage,
} from "./client.ts";
export { AtriumApiError, isAtriumError, type AtriumErrorCode, type ClientErrorCode } from "./errors.ts";
export type { FetchLike, RetryOptions } from "./transport.ts";
export type { WaitOptions } from "./wait.ts";
export { verifyWebhook, WebhookVerificationError, type VerifyWebhookInput } from "./webhooks.ts";
export type * from "./types.ts";
export type { components, operations, paths, webhooks } from "./generated/v1.ts";

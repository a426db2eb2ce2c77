export { createAtriumClient, nextCursor, type AtriumClient, type AtriumClientOptions, type CallOptions, type GenerationOptions, type JobListPage } from "./client.js";
export { AtriumApiError, isAtriumError, type AtriumErrorCode, type ClientErrorCode } from "./errors.js";
export type { FetchLike, RetryOptions } from "./transport.js";
export type { WaitOptions } from "./wait.js";
export { verifyWebhook, WebhookVerificationError, type VerifyWebhookInput } from "./webhooks.js";
export type * from "./types.js";
export type { components, operations, paths, webhooks } from "./generated/v1.js";

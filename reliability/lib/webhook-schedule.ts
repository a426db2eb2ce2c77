/** The delivery retry schedule the suite's server runs on (V1_WEBHOOK_RETRY_SECONDS, ±10 % each): short, so retries happen within the webhooks phase. */
export const SUITE_WEBHOOK_RETRY_SECONDS = [1, 2, 4, 8, 16, 32];

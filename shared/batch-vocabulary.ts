/**
 * Words of whole-listing staging. Pure module: the schema, the tRPC inputs and client
 * components read from here.
 */
/** running: photos are being started; paused: none are started until resumed; canceled: none will be; completed: every photo settled. */
export const BATCH_STATUSES = ["running", "paused", "canceled", "completed"] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

/** Where a photo's plan stands; a started photo's outcome is its staging generation's status. */
export const BATCH_PHOTO_STATES = ["queued", "started", "canceled", "failed"] as const;
export type BatchPhotoState = (typeof BATCH_PHOTO_STATES)[number];

/** What a batch photo shows: its plan state, or its generation's status once started. */
export type BatchPhotoProgress = "queued" | "running" | "completed" | "failed" | "canceled";

export const BATCH_PHOTO_LIMIT = 100;

import "server-only";

export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

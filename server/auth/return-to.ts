import "server-only";

/** The request header proxy.ts sets to a page's own path and query, read by requireUser. */
export const RETURN_TO_HEADER = "x-atrium-return-to";

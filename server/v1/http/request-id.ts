import "server-only";

/** The header every v1 response carries (D16): the id the request log keeps, for support and for matching a client's own logs. */
export const REQUEST_ID_HEADER = "x-request-id";

export function newRequestId(): string {
  return `req_${globalThis.crypto.randomUUID().replaceAll("-", "")}`;
}

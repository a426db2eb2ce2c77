import "server-only";
import { newRequestId, REQUEST_ID_HEADER } from "./request-id";

/** The API's answer for a path that is not one of its routes: the legacy error body, as JSON. */
export function apiNotFound(): Response {
  return Response.json(
    { error: "Not found.", code: "not_found" },
    { status: 404, headers: { "cache-control": "no-store", [REQUEST_ID_HEADER]: newRequestId() } },
  );
}

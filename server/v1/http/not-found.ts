import "server-only";

/** The API's answer for a path that is not one of its routes: the legacy error body, as JSON. */
export function apiNotFound(): Response {
  return Response.json({ error: "Not found.", code: "not_found" }, { status: 404, headers: { "cache-control": "no-store" } });
}

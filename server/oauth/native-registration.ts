import "server-only";

/**
 * A registration (RFC 7591) that names no application_type is a web client by default,
 * and a web client may only return to http(s) addresses. Desktop assistants register
 * redirect URIs of their own scheme (Cursor: cursor://…) without saying they are native
 * apps; such a registration is taken as what it is, a native client (RFC 8252), so its
 * redirect URI is checked by the rules for native apps instead of refused.
 */
export function withInferredApplicationType(body: string): string {
  let metadata: unknown;
  try {
    metadata = JSON.parse(body);
  } catch {
    return body;
  }
  if (!metadata || typeof metadata !== "object" || Array.isArray(metadata) || "application_type" in metadata) return body;
  const uris = (metadata as { redirect_uris?: unknown }).redirect_uris;
  const ownScheme =
    Array.isArray(uris) &&
    uris.some((uri) => typeof uri === "string" && URL.canParse(uri) && !["http:", "https:"].includes(new URL(uri).protocol));
  return ownScheme ? JSON.stringify({ ...metadata, application_type: "native" }) : body;
}

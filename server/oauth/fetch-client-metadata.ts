/**
 * How the authorization server fetches a Client ID Metadata Document (the client_id is an
 * https URL anyone can type): through the app's guarded fetch (server/net/safe-fetch.ts),
 * so it connects only to public addresses, checked at connect time, and never follows a
 * redirect; V1_FETCH_ALLOWLIST is the only way around the guard, as for every fetch. The
 * document is small: 5 s and 64 KB at most.
 */
import "server-only";
import { AppError } from "@/server/errors";
import { safeFetch } from "@/server/net/safe-fetch";

const TIMEOUT_MS = 5_000;
const MAX_BYTES = 64 * 1024;

/** oidc-provider's `fetch` option: a Fetch API answer; a refused or failed fetch throws (the client is then invalid_client). */
export async function fetchClientMetadata(url: string | URL, init: RequestInit = {}): Promise<Response> {
  const headers = Object.fromEntries(new Headers(init.headers));
  try {
    const answer = await safeFetch(url.toString(), {
      method: "GET",
      headers: { accept: headers.accept ?? "application/json" },
      allowRedirects: false,
      acceptAnyStatus: true,
      maxBytes: MAX_BYTES,
      timeoutMs: TIMEOUT_MS,
      signal: init.signal ?? undefined,
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    return new Response(new Uint8Array(answer.body), { status: answer.status, headers: responseHeaders });
  } catch (error) {
    if (error instanceof AppError)
      throw new Error(`The client's metadata document could not be fetched: ${error.message}`, { cause: error });
    throw error;
  }
}

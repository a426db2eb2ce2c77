import "server-only";
import { env } from "@/env";
import { AppError } from "@/server/errors";
import { assertPublicUrl } from "@/server/net/assert-public-url";
import { effectivePort, isAllowlisted } from "@/server/net/destination";
import { parseFetchUrl } from "@/server/net/safe-fetch";

const MAX_URL_LENGTH = 2048;

/**
 * A webhook endpoint's address (D16): https, except in development and for the
 * operator's own allowlisted destinations (V1_FETCH_ALLOWLIST: local receivers in tests);
 * and reachable under the SSRF guard of every server-side fetch. Delivery checks the
 * address again when it connects (DNS answers change).
 */
export async function checkEndpointUrl(input: string): Promise<string> {
  if (input.length > MAX_URL_LENGTH) throw new AppError("invalid_request", `The URL is longer than ${MAX_URL_LENGTH} characters.`);
  const url = parseFetchUrl(input.trim());
  const destination = { host: url.hostname, port: effectivePort(url.protocol, url.port), protocol: url.protocol as "http:" | "https:" };
  if (url.protocol !== "https:" && env.NODE_ENV !== "development" && !isAllowlisted(destination)) {
    throw new AppError("invalid_request", "Webhook endpoints must use https.");
  }
  try {
    await assertPublicUrl(url.toString());
  } catch (error) {
    if (error instanceof AppError && error.code === "source_fetch_failed") {
      throw new AppError("invalid_request", "This address cannot receive webhooks: it is private, local or does not resolve.", { cause: error });
    }
    throw error;
  }
  return url.toString();
}

import "server-only";
import { env } from "@/env";
import { AppError } from "@/server/errors";
import { isLoopbackAddress } from "@/server/net/address-policy";
import { assertPublicUrl } from "@/server/net/assert-public-url";
import { effectivePort, isAllowlisted } from "@/server/net/destination";
import { parseFetchUrl } from "@/server/net/safe-fetch";

const MAX_URL_LENGTH = 2048;

/** Where the refusals point: the settings that would allow the address. */
const ALLOWED_BY =
  "An operator can allow one host:port with V1_FETCH_ALLOWLIST; a receiver on this machine (localhost, 127.0.0.1, [::1]) " +
  "works under V1_WEBHOOK_LOOPBACK=true, which `npm run dev` sets (development only).";

/** This machine by name or by address, as a receiver started next to `npm run dev` is reached. */
const isLoopbackHost = (hostname: string) => hostname === "localhost" || isLoopbackAddress(hostname.replace(/^\[|\]$/g, ""));

/**
 * A webhook endpoint's address (D16): https, except in development, for the operator's
 * own allowlisted destinations (V1_FETCH_ALLOWLIST: local receivers in tests) and for
 * this machine's loopback under V1_WEBHOOK_LOOPBACK (`npm run dev`); and reachable under
 * the SSRF guard of every server-side fetch. Delivery checks the address again when it
 * connects (DNS answers change). Each refusal names the settings that would allow it.
 */
export async function checkEndpointUrl(input: string): Promise<string> {
  if (input.length > MAX_URL_LENGTH) throw new AppError("invalid_request", `The URL is longer than ${MAX_URL_LENGTH} characters.`);
  const url = parseFetchUrl(input.trim());
  const destination = { host: url.hostname, port: effectivePort(url.protocol, url.port), protocol: url.protocol as "http:" | "https:" };
  const localReceiver = env.V1_WEBHOOK_LOOPBACK && isLoopbackHost(url.hostname);
  if (url.protocol !== "https:" && env.NODE_ENV !== "development" && !isAllowlisted(destination) && !localReceiver) {
    throw new AppError("invalid_request", `Webhook endpoints must use https. ${ALLOWED_BY}`);
  }
  try {
    await assertPublicUrl(url.toString(), { loopback: env.V1_WEBHOOK_LOOPBACK });
  } catch (error) {
    if (error instanceof AppError && error.code === "source_fetch_failed") {
      throw new AppError(
        "invalid_request",
        `This address cannot receive webhooks: it is private, local or does not resolve. ${ALLOWED_BY}`,
        { cause: error },
      );
    }
    throw error;
  }
  return url.toString();
}

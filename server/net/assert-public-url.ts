/**
 * Checks, without connecting, that a URL would pass the fetch guard today: used when a
 * webhook endpoint is registered. Delivery is guarded again by safeFetch at connect time,
 * because DNS answers can change after registration.
 */
import "server-only";
import { AppError } from "@/server/errors";
import { BlockedDestinationError, checkedAddresses, effectivePort, type Reach } from "./destination";
import { parseFetchUrl } from "./safe-fetch";

export async function assertPublicUrl(input: string, reach: Reach = {}): Promise<URL> {
  const url = parseFetchUrl(input);
  const protocol = url.protocol as "http:" | "https:";
  try {
    await checkedAddresses({ host: url.hostname, port: effectivePort(protocol, url.port), protocol }, reach);
  } catch (error) {
    if (error instanceof BlockedDestinationError) throw new AppError("source_fetch_failed", error.message, { cause: error });
    throw error;
  }
  return url;
}

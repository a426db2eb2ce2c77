import "server-only";
import { env } from "@/env";
import { defaultV1BaseUrl } from "./default-v1-base-url";

/**
 * The v1 addresses the studio may call: the deployment's own (V1_BASE_URL or this app)
 * and the ones the operator lists in STUDIO_V1_BASE_URLS. A workspace can choose among
 * these, never type its own: the studio sends the workspace's key to that address, so a
 * free URL would hand the key (and a loopback port scanner) to any workspace admin.
 */
export function allowedV1BaseUrls(): string[] {
  return [...new Set([defaultV1BaseUrl(), ...env.STUDIO_V1_BASE_URLS.map(normalizeV1BaseUrl)])];
}

export function normalizeV1BaseUrl(url: string): string {
  return url.trim().replace(/\/+$/, "");
}

export function isAllowedV1BaseUrl(url: string): boolean {
  return allowedV1BaseUrls().includes(normalizeV1BaseUrl(url));
}

/**
 * host:port entries of the allowed addresses, for the guarded fetcher: the operator named
 * them, so they may be private (the app's own loopback address on one machine); every
 * other destination, including where they redirect, stays under the address rule.
 */
export function v1AllowlistEntries(): string[] {
  return allowedV1BaseUrls().map((base) => {
    const url = new URL(base);
    const port = url.port || (url.protocol === "https:" ? "443" : "80");
    return `${url.hostname}:${port}`;
  });
}

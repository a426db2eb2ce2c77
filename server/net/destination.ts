/**
 * Decides where a server-side fetch may connect. The answer is a list of IP addresses
 * that were checked, and the socket connects to one of exactly those, so a DNS answer
 * that changes between the check and the connection (rebinding) cannot slip through.
 */
import "server-only";
import dns from "node:dns/promises";
import net from "node:net";
import ipaddr from "ipaddr.js";
import { env } from "@/env";
import { isLoopbackAddress, isPublicAddress } from "./address-policy";

/** Raised when a destination is refused; callers turn it into source_fetch_failed. */
export class BlockedDestinationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BlockedDestinationError";
  }
}

export type Destination = { host: string; port: number; protocol: "http:" | "https:" };

/** Addresses a call may reach beside public ones: this machine's loopback, for webhooks under V1_WEBHOOK_LOOPBACK (an operator setting, never user input). */
export type Reach = { loopback?: boolean };

/** The port a URL really uses: its explicit port or the scheme's default. */
export function effectivePort(protocol: string, port: string | number | null | undefined): number {
  if (port !== undefined && port !== null && port !== "") return Number(port);
  return protocol === "https:" ? 443 : 80;
}

/**
 * V1_FETCH_ALLOWLIST entries ("host:port", "[v6]:port") name destinations exempt from the
 * rule; `extra` adds entries for one call (the operator's own v1 address for the studio).
 */
export function isAllowlisted({ host, port }: Destination, extra: readonly string[] = []): boolean {
  const wanted = `${formatHost(normalizeHost(host))}:${port}`;
  return [...env.V1_FETCH_ALLOWLIST, ...extra].some((entry) => {
    const split = entry.lastIndexOf(":");
    return `${formatHost(normalizeHost(entry.slice(0, split)))}:${Number(entry.slice(split + 1))}` === wanted;
  });
}

/**
 * The addresses a destination may be reached at, or null when it is allowlisted (then
 * the ordinary resolver is used). Every address the name resolves to must be public: a
 * name that mixes public and private answers is refused rather than filtered.
 */
export async function checkedAddresses(destination: Destination, reach: Reach = {}): Promise<string[] | null> {
  if (isAllowlisted(destination)) return null;
  return publicAddresses(destination.host, reach);
}

/** Resolves `host` (a name or an IP literal) and refuses it unless every answer is public (or loopback, when `reach` allows it). */
export async function publicAddresses(host: string, reach: Reach = {}): Promise<string[]> {
  const bare = normalizeHost(host);
  const addresses = net.isIP(bare) ? [bare] : await resolveAll(bare);
  const allowed = (address: string) => isPublicAddress(address) || (reach.loopback === true && isLoopbackAddress(address));
  if (addresses.length === 0 || !addresses.every(allowed)) {
    throw new BlockedDestinationError("The URL points to an address that server-side fetches may not reach.");
  }
  return addresses;
}

async function resolveAll(host: string): Promise<string[]> {
  try {
    const answers = await dns.lookup(host, { all: true, verbatim: true });
    return answers.map((answer) => answer.address);
  } catch {
    throw new BlockedDestinationError("The URL's host name could not be resolved.");
  }
}

function normalizeHost(host: string): string {
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  // One spelling per IPv6 address, so "[0:0:0:0:0:0:0:1]" and "[::1]" match the same entry.
  if (net.isIPv6(bare)) return ipaddr.parse(bare).toString();
  return bare.toLowerCase().replace(/\.$/, "");
}

function formatHost(host: string): string {
  return net.isIPv6(host) ? `[${host}]` : host;
}

/**
 * The address a request's TCP connection came from, for the client-address rule
 * (server/auth/client-ip.ts) when no proxy stands in front (TRUSTED_PROXY_HOPS=0). Route
 * handlers see only headers, and `next start` fills X-Forwarded-For from the socket only
 * when the client sent none, so a client could write its own. Node publishes every
 * request on the `http.server.request.start` diagnostics channel, with its socket, before
 * any handler runs: the subscriber writes the socket's address into CONNECTION_HEADER,
 * overwriting whatever the client sent, sealed with a value secret to this process, so a
 * forged header (or a request the hook did not see) reads as no address at all.
 */
import "server-only";
import crypto from "node:crypto";
import diagnostics from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import ipaddr from "ipaddr.js";

export const CONNECTION_HEADER = "x-atrium-connection";

// On globalThis: Next bundles instrumentation and routes apart, each with its own copy of this module.
const shared = globalThis as typeof globalThis & { atriumConnectionSeal?: string; atriumConnectionHook?: boolean };
const seal = (shared.atriumConnectionSeal ??= crypto.randomBytes(18).toString("base64url"));

function plain(address: string): string {
  return ipaddr.isValid(address) ? ipaddr.process(address).toString() : address;
}

/** Starts recording connection addresses in this process (instrumentation.ts, test/app-server.ts); once is enough. */
export function recordConnectionAddresses(): void {
  if (shared.atriumConnectionHook) return;
  shared.atriumConnectionHook = true;
  diagnostics.subscribe("http.server.request.start", (message) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    request.headers[CONNECTION_HEADER] = socket.remoteAddress ? `${seal} ${plain(socket.remoteAddress)}` : "";
  });
}

/** The connection's address when the hook recorded it for this request, otherwise null. */
export function connectionAddress(value: string | undefined | null): string | null {
  const [given, address] = value?.split(" ") ?? [];
  return given === seal && address ? address : null;
}

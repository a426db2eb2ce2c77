/**
 * Which IP addresses a server-side fetch may connect to (D10). The rule is an allow-list:
 * an IPv4 address must be ordinary public unicast, an IPv6 address must be public unicast
 * inside 2000::/3. IPv6 forms that carry an IPv4 address (mapped, NAT64, 6to4, Teredo)
 * are judged by the IPv4 address they lead to, so ::ffff:127.0.0.1 is loopback.
 */
import "server-only";
import ipaddr from "ipaddr.js";

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

/** True when connecting to `address` (an IP literal, without brackets) is allowed. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  return parsed.kind() === "ipv4" ? isPublicIPv4(parsed as IPv4) : isPublicIPv6(parsed as IPv6);
}

/** True when `address` (an IP literal, without brackets) is this machine's loopback: 127.0.0.0/8, ::1, or ::ffff:127.x. */
export function isLoopbackAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === "loopback";
}

function isPublicIPv4(address: IPv4): boolean {
  return address.range() === "unicast";
}

function isPublicIPv6(address: IPv6): boolean {
  const range = address.range();
  const embedded = embeddedIPv4(address, range);
  if (embedded) return embedded.every(isPublicIPv4);
  // RFC 8215 local-use NAT64 prefix: where it leads is a local decision, so never public.
  if (range === "rfc6052") return false;
  const [first] = address.parts;
  return range === "unicast" && (first & 0xe000) === 0x2000;
}

/** The IPv4 addresses an IPv6 address tunnels or translates to, when it has any. */
function embeddedIPv4(address: IPv6, range: string): IPv4[] | null {
  const p = address.parts;
  const v4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  switch (range) {
    case "ipv4Mapped":
    case "rfc6145":
      return [v4(p[6], p[7])];
    case "rfc6052":
      // Only the well-known 64:ff9b::/96 prefix puts the IPv4 address in the last 32 bits.
      return p[2] === 0 ? [v4(p[6], p[7])] : null;
    case "6to4":
      return [v4(p[1], p[2])];
    case "teredo":
      // Server address in bits 32-63; client address in the last 32 bits, inverted.
      return [v4(p[2], p[3]), v4(~p[6] & 0xffff, ~p[7] & 0xffff)];
    default:
      return null;
  }
}

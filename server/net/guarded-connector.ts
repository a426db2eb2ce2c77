/**
 * The undici connector every server-side fetch uses. The check sits where the socket is
 * opened, so it covers the first request and every redirect alike, and the socket goes
 * to the very address that was checked.
 */
import { buildConnector } from "undici";
import { checkedAddress, effectivePort } from "./destination";

export function guardedConnector(connectTimeoutMs: number): buildConnector.connector {
  const connect = buildConnector({ timeout: connectTimeoutMs });
  return (options, callback) => {
    const protocol = options.protocol === "https:" ? "https:" : "http:";
    const destination = { host: options.hostname, port: effectivePort(protocol, options.port), protocol } as const;
    checkedAddress(destination).then(
      // undici takes the TLS server name from `host`, which stays the original name, so
      // certificates are still verified against it while the socket goes to `address`.
      (address) => connect(address === null ? options : { ...options, hostname: address }, callback),
      (error: Error) => callback(error, null),
    );
  };
}

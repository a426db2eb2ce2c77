/**
 * The undici connector every server-side fetch uses. The check sits where the socket is
 * opened, so it covers the first request and every redirect alike. Names are resolved by
 * a lookup that only ever hands the socket checked public addresses (Node then races
 * IPv4 and IPv6 among them); IP literals, which Node never looks up, are checked first.
 */
import "server-only";
import net, { type LookupFunction } from "node:net";
import { buildConnector } from "undici";
import { effectivePort, isAllowlisted, publicAddresses, type Reach } from "./destination";

export function guardedConnector(
  connectTimeoutMs: number,
  extraAllowlist: readonly string[] = [],
  reach: Reach = {},
): buildConnector.connector {
  const guarded = buildConnector({ timeout: connectTimeoutMs, lookup: publicLookup(reach), autoSelectFamily: true });
  const open = buildConnector({ timeout: connectTimeoutMs, autoSelectFamily: true });
  return (options, callback) => {
    const protocol = options.protocol === "https:" ? "https:" : "http:";
    const destination = { host: options.hostname, port: effectivePort(protocol, options.port), protocol } as const;
    if (isAllowlisted(destination, extraAllowlist)) return open(options, callback);
    if (!net.isIP(options.hostname)) return guarded(options, callback);
    publicAddresses(options.hostname, reach).then(
      () => guarded(options, callback),
      (error: Error) => callback(error, null),
    );
  };
}

const publicLookup =
  (reach: Reach): LookupFunction =>
  (hostname, options, callback) => {
    publicAddresses(hostname, reach).then(
      (addresses) => {
        const answers = addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
        const wanted = options.family ? answers.filter((answer) => answer.family === options.family) : answers;
        if (options.all) callback(null, wanted);
        else if (wanted.length > 0) callback(null, wanted[0].address, wanted[0].family);
        else callback(Object.assign(new Error(`No address of family ${options.family}`), { code: "ENOTFOUND" }), "");
      },
      (error: Error) => callback(error, ""),
    );
  };

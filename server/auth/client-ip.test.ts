import http from "node:http";
import { describe, expect, it } from "vitest";
import { env, parseEnv } from "@/env";
import { CONNECTION_HEADER, recordConnectionAddresses } from "@/server/http/connection-address";
import { clientIp } from "./client-ip";

const forwarded = (value: string) => new Headers({ "x-forwarded-for": value });

describe("clientIp behind proxies", () => {
  it("takes the address the one proxy in front saw, not what the client wrote before it", () => {
    expect(clientIp(forwarded("203.0.113.9"), 1)).toBe("203.0.113.9");
    expect(clientIp(forwarded("1.1.1.1, 10.0.0.1 ,203.0.113.9"), 1)).toBe("203.0.113.9");
  });

  it("counts from the end as many entries as there are trusted proxies", () => {
    // CDN → nginx → app: the CDN appends the client, nginx appends the CDN.
    expect(clientIp(forwarded("6.6.6.6, 203.0.113.9, 198.51.100.2"), 2)).toBe("203.0.113.9");
    // Reached nginx without the CDN: nginx's entry is the only one.
    expect(clientIp(forwarded("203.0.113.9"), 2)).toBe("203.0.113.9");
  });

  it("reads Node's header records, repeated headers included, and says when there is no address", () => {
    expect(clientIp({ "x-forwarded-for": ["6.6.6.6", "203.0.113.9"] }, 1)).toBe("203.0.113.9");
    expect(clientIp({}, 1)).toBe("unknown");
    expect(clientIp(forwarded(" , "), 1)).toBe("unknown");
  });
});

describe("clientIp with no proxy in front (L1)", () => {
  it("is the default off Vercel, and one proxy on Vercel", () => {
    expect(env.TRUSTED_PROXY_HOPS).toBe(0);
    expect(parseEnv({}).TRUSTED_PROXY_HOPS).toBe(0);
    expect(parseEnv({ VERCEL: "1" }).TRUSTED_PROXY_HOPS).toBe(1);
    expect(parseEnv({ VERCEL: "1", TRUSTED_PROXY_HOPS: "2" }).TRUSTED_PROXY_HOPS).toBe(2);
    expect(parseEnv({ TRUSTED_PROXY_HOPS: "0" }).TRUSTED_PROXY_HOPS).toBe(0);
  });

  it("counts the connection's own address, whatever X-Forwarded-For or a forged connection header says", async () => {
    recordConnectionAddresses();
    const seen: string[] = [];
    // A bare Node server: the hook sees every connection of the process, as under `next start`.
    const echo = http.createServer((request, response) => {
      seen.push(clientIp(request.headers));
      response.end();
    });
    await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve));
    const port = (echo.address() as { port: number }).port;
    await fetch(`http://127.0.0.1:${port}/`, { headers: { "x-forwarded-for": "6.6.6.6" } });
    await fetch(`http://127.0.0.1:${port}/`, { headers: { [CONNECTION_HEADER]: "guessed-seal 6.6.6.6" } });
    await new Promise((resolve) => echo.close(resolve));
    expect(seen).toEqual(["127.0.0.1", "127.0.0.1"]);
    // Headers the hook never saw (not from a connection of this process) carry no address.
    expect(clientIp(new Headers({ [CONNECTION_HEADER]: "guessed-seal 6.6.6.6", "x-forwarded-for": "6.6.6.6" }))).toBe("unknown");
  });
});

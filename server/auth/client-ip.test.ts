import { describe, expect, it } from "vitest";
import { clientIp } from "./client-ip";

const forwarded = (value: string) => new Headers({ "x-forwarded-for": value });

describe("clientIp", () => {
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

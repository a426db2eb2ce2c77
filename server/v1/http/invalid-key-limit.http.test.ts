/**
 * Guessing API keys from one address: after V1_INVALID_KEY_IP_LIMIT wrong keys the
 * address is refused with 429 rate_limited and Retry-After, even with a right key,
 * while the same key from another address still works. The address is the one the proxy
 * in front recorded (the last X-Forwarded-For entry, TRUSTED_PROXY_HOPS=1: one proxy, as
 * set here; without a proxy see forged-forwarded-for.http.test.ts).
 */
import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.TRUSTED_PROXY_HOPS = "1";
});

import { env } from "@/env";
import { makeAccount } from "@/test/fixtures";
import { useAppStack } from "@/test/app-stack";

const stack = useAppStack();

async function me(apiKey: string, ip: string) {
  const response = await fetch(`${stack.app.url}/api/v1/me`, { headers: { "x-api-key": apiKey, "x-forwarded-for": ip } });
  return { status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.json() };
}

describe("invalid API keys per address", () => {
  it("refuses an address that sent too many wrong keys, right key included, and no other address", async () => {
    const { apiKey } = await makeAccount();
    const attacker = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    const bystander = "198.51.100.7";

    for (let attempt = 1; attempt <= env.V1_INVALID_KEY_IP_LIMIT; attempt += 1) {
      const guess = await me(`idk_guess${attempt.toString().padStart(34, "0")}`, attacker);
      expect([attempt, guess.status, guess.body.code]).toEqual([attempt, 403, "invalid_api_key"]);
    }
    const refused = await me("idk_oneGuessTooMany000000000000000000000000", attacker);
    expect([refused.status, refused.body.code]).toEqual([429, "rate_limited"]);
    expect(Number(refused.retryAfter)).toBeGreaterThan(500);

    // The right key does not get through from the refused address (guessing would go on).
    const rightKeyFromAttacker = await me(apiKey, attacker);
    expect([rightKeyFromAttacker.status, rightKeyFromAttacker.body.code]).toEqual([429, "rate_limited"]);
    // Writing another address before the proxy's entry does not get around it...
    const forgedPrefix = await me(apiKey, `${bystander}, ${attacker}`);
    expect([forgedPrefix.status, forgedPrefix.body.code]).toEqual([429, "rate_limited"]);
    // ...and the key works from anywhere else.
    expect((await me(apiKey, bystander)).status).toBe(200);
  });
});

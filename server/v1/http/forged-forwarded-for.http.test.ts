/**
 * Per-address limits with no proxy in front (round 3, L1): a client that writes a new
 * X-Forwarded-For on every request is still one address, so the wrong-key limit holds.
 * With TRUSTED_PROXY_HOPS=1 by default, each forged header was a fresh address.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  delete process.env.TRUSTED_PROXY_HOPS;
  process.env.V1_INVALID_KEY_IP_LIMIT = "5";
});

import { env } from "@/env";
import { makeAccount } from "@/test/fixtures";
import { startAppServer, type AppServer } from "@/test/app-server";

let app: AppServer;
beforeAll(async () => {
  app = await startAppServer();
});
afterAll(async () => {
  await app?.close();
});

describe("a client that forges X-Forwarded-For", () => {
  it("meets the wrong-key limit of its own connection", async () => {
    const { apiKey } = await makeAccount();
    const answers: number[] = [];
    for (let attempt = 0; attempt <= env.V1_INVALID_KEY_IP_LIMIT; attempt++) {
      const forged = `198.18.${attempt}.${Math.floor(Math.random() * 250)}`;
      const response = await fetch(`${app.url}/api/v1/me`, {
        headers: { "x-api-key": `idk_guess${String(attempt).padStart(35, "0")}`, "x-forwarded-for": forged },
      });
      answers.push(response.status);
    }
    expect(answers).toEqual([...Array(env.V1_INVALID_KEY_IP_LIMIT).fill(403), 429]);
    // The right key from that connection is refused too, whatever it claims to be.
    const right = await fetch(`${app.url}/api/v1/me`, { headers: { "x-api-key": apiKey, "x-forwarded-for": "192.0.2.200" } });
    expect(right.status).toBe(429);
  });
});

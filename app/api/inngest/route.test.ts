import { describe, expect, it } from "vitest";
import { PUT } from "./route";

const inBandSync = (signature: string) =>
  new Request("http://127.0.0.1/api/inngest", {
    method: "PUT",
    headers: { "content-type": "application/json", "x-inngest-sync-kind": "in_band", "x-inngest-signature": signature },
    body: JSON.stringify({ url: "http://evil.example/api/inngest" }),
  });

describe("PUT /api/inngest", () => {
  it("refuses an unauthenticated out-of-band sync", async () => {
    const response = await PUT(new Request("http://127.0.0.1/api/inngest", { method: "PUT" }) as never, {});
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Only signed in-band syncs are accepted." });
  });

  it("refuses an in-band sync without a valid signature: a forged HMAC and an expired timestamp", async () => {
    const now = Math.floor(Date.now() / 1000);
    for (const signature of [`t=${now}&s=${"0".repeat(64)}`, "t=1&s=forged"]) {
      const response = await PUT(inBandSync(signature) as never, {});
      // The SDK's own refusal, after verifying the signature: nothing about the app's functions.
      expect([response.status, await response.json()], signature).toEqual([401, { message: "Unauthorized" }]);
    }
  });
});

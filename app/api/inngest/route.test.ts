import { describe, expect, it } from "vitest";
import { PUT } from "./route";

describe("PUT /api/inngest", () => {
  it("refuses an unauthenticated out-of-band sync", async () => {
    const response = await PUT(new Request("http://127.0.0.1/api/inngest", { method: "PUT" }) as never, {});
    expect(response.status).toBe(401);
  });

  it("refuses an in-band sync without a valid signature", async () => {
    const request = new Request("http://127.0.0.1/api/inngest", {
      method: "PUT",
      headers: { "content-type": "application/json", "x-inngest-sync-kind": "in_band", "x-inngest-signature": "t=1&s=forged" },
      body: JSON.stringify({ url: "http://evil.example/api/inngest" }),
    });
    const response = await PUT(request as never, {});
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(await response.text()).not.toContain("functions");
  });
});

/**
 * Cross-site writes to the studio's tRPC endpoint (round 3, L3): a same-site page posted
 * a form (multipart, no preflight) to auth.signOutEverywhere with the victim's cookie and
 * signed them out everywhere. Writes are taken only as JSON from the app's own origin; the
 * refusal comes before any session is read or procedure runs.
 */
import { describe, expect, it } from "vitest";
import { env } from "@/env";
import { refuseCrossSiteWrite } from "@/server/http/same-origin-mutation";
import { POST } from "./route";

const own = env.APP_URL!;
const url = `${own}/api/trpc/auth.signOutEverywhere`;

function post(headers: Record<string, string>, body: BodyInit = "{}") {
  return new Request(url, { method: "POST", headers, body });
}

describe("tRPC writes", () => {
  it("refuses a form post from a same-site page, before any session is read", async () => {
    const form = new FormData();
    form.set("0", "{}");
    const multipart = new Request(url, {
      method: "POST",
      headers: { origin: "http://evil.localhost:3000", "sec-fetch-site": "same-site" },
      body: form,
    });
    expect((await POST(multipart)).status).toBe(415);
    expect((await POST(post({ "content-type": "text/plain", origin: own }))).status).toBe(415);
  });

  it("refuses JSON from another origin, or from no page at all", async () => {
    expect(
      (await POST(post({ "content-type": "application/json", "sec-fetch-site": "same-site", origin: "http://evil.localhost:3000" })))
        .status,
    ).toBe(403);
    expect((await POST(post({ "content-type": "application/json", "sec-fetch-site": "cross-site" }))).status).toBe(403);
    expect((await POST(post({ "content-type": "application/json", origin: "https://evil.example" }))).status).toBe(403);
    expect((await POST(post({ "content-type": "application/json" }))).status).toBe(403);
  });

  it("lets the studio's own pages through, and leaves reads alone", () => {
    expect(refuseCrossSiteWrite(post({ "content-type": "application/json", "sec-fetch-site": "same-origin" }))).toBeNull();
    expect(refuseCrossSiteWrite(post({ "content-type": "application/json; charset=utf-8", origin: own }))).toBeNull();
    expect(refuseCrossSiteWrite(new Request(`${own}/api/trpc/workspaces.list`))).toBeNull();
  });
});

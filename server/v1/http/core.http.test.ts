/**
 * The request wrapper's guarantees (D2, D3, D10, D12) over HTTP: authentication,
 * rate limits with IETF headers, quota, idempotency. Generation requests use POST
 * /upscale, the cheapest real generation route.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { makeAccount } from "@/test/fixtures";
import { roomPhoto } from "@/test/images";
import { revokeKey } from "../services/keys/revoke-key";
import { keyPrefix } from "../services/keys/api-key";
import { consumeQuota, readQuotaUsage } from "../services/billing/quota";
import { AppError } from "@/server/errors";
import { useAppStack } from "@/test/app-stack";
import { PLAN_TABLE } from "@/shared/plans";

// One preview route on, one off: property descriptions are disabled for this file's
// app (set before env.ts is read), multi-view stays enabled.
vi.hoisted(() => {
  process.env.V1_PREVIEW_FEATURES = "multiview";
});

const stack = useAppStack({ fixtures: true });
let imageUrl: string;

beforeAll(async () => {
  imageUrl = stack.fixtures.serve("/small.jpg", await roomPhoto(64, 48));
});

async function call(method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
  const response = await fetch(`${stack.app.url}/api/v1${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function balance(accountId: string): Promise<number> {
  const [row] = await (await getDb()).execute<{ b: number }>(sql`select credit_balance as b from v1.accounts where id = ${accountId}`);
  return Number(row.b);
}

describe("authentication (D2)", () => {
  it("answers 401 without a key and 403 with identical bodies for unknown and revoked keys", async () => {
    const { apiKey } = await makeAccount();
    const ok = await call("GET", "/me", { "x-api-key": apiKey });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.text)).toEqual({
      api_monthly_quota: PLAN_TABLE.business.monthlyQuota,
      api_total_completed: 0,
      api_completed_month: 0,
    });

    const missing = await call("GET", "/me");
    expect([missing.status, JSON.parse(missing.text).code]).toEqual([401, "missing_api_key"]);

    const unknown = await call("GET", "/me", { "x-api-key": "idk_thisKeyDoesNotExist0000000000000000000" });
    await revokeKey(await getDb(), { prefix: keyPrefix(apiKey) });
    const revoked = await call("GET", "/me", { "x-api-key": apiKey });
    expect(unknown.status).toBe(403);
    expect(revoked.status).toBe(403);
    expect(revoked.text).toBe(unknown.text);
    expect(JSON.parse(revoked.text)).toEqual({ error: "The API key is not valid.", code: "invalid_api_key" });
    expect(revoked.text).not.toContain(apiKey.slice(4, 16));
  });

  it("answers 404 feature_unavailable on a preview route before looking at the key only when disabled", async () => {
    const { apiKey } = await makeAccount({ plan: "business", credits: 10 });
    for (const headers of [{}, { "x-api-key": apiKey }, { "x-api-key": "idk_thisKeyDoesNotExist0000000000000000000" }] as Record<
      string,
      string
    >[]) {
      const disabled = await call("POST", "/tools/property-description", headers, {});
      expect([disabled.status, JSON.parse(disabled.text).error.code], JSON.stringify(headers)).toEqual([404, "feature_unavailable"]);
    }
    const enabled = await call("POST", "/multiview", {}, {});
    expect([enabled.status, JSON.parse(enabled.text).error.code]).toEqual([401, "missing_api_key"]);
    const enabledWithKey = await call("GET", "/multiview?render_set_id=1b4e28ba-2fa1-4d2a-883f-0016d3cca427", { "x-api-key": apiKey });
    expect([enabledWithKey.status, JSON.parse(enabledWithKey.text).error.code]).toEqual([404, "not_found"]);
  });
});

describe("quota (D3)", () => {
  it("refuses the (q+1)-th generation with 403 quota_exceeded and charges nothing for it", async () => {
    const { apiKey, accountId } = await makeAccount({ plan: "free", quota: 2, credits: 20 });
    for (let i = 0; i < 2; i++) expect((await call("POST", "/upscale", { "x-api-key": apiKey }, { image_url: imageUrl })).status).toBe(200);
    const refused = await call("POST", "/upscale", { "x-api-key": apiKey }, { image_url: imageUrl });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text)).toMatchObject({
      job_id: null,
      status: "failed",
      result: null,
      error: { code: "quota_exceeded" },
      credits_charged: null,
    });
    expect(await balance(accountId)).toBe(16);
    expect(JSON.parse((await call("GET", "/me", { "x-api-key": apiKey })).text)).toEqual({
      api_monthly_quota: 2,
      api_total_completed: 2,
      api_completed_month: 2,
    });
  });

  it("starts every UTC calendar month afresh (injected clock)", async () => {
    const db = await getDb();
    const { accountId } = await makeAccount({ quota: 1 });
    const january = new Date("2026-01-31T23:59:59.000Z");
    const february = new Date("2026-02-01T00:00:00.000Z");
    await consumeQuota(db, { accountId, quota: 1, now: january });
    await expect(consumeQuota(db, { accountId, quota: 1, now: january })).rejects.toMatchObject({
      code: "quota_exceeded",
    } satisfies Partial<AppError>);
    await consumeQuota(db, { accountId, quota: 1, now: february });
    expect(await readQuotaUsage(db, { accountId, now: february })).toEqual({ month: 1, total: 2 });
  });
});

describe("rate limits (D10)", () => {
  it("answers 429 with parsable headers past the plan limit, and a refused request consumes nothing", async () => {
    const { apiKey, accountId } = await makeAccount({ plan: "free", credits: 10 });
    const limit = 120;
    const first = await call("GET", "/me", { "x-api-key": apiKey });
    expect(first.headers.get("ratelimit-policy")).toBe(`"default";q=${limit};w=60`);
    expect(first.headers.get("ratelimit")).toMatch(/^"default";r=119;t=\d+$/);
    const burst = await Promise.all(Array.from({ length: limit + 10 }, () => call("GET", "/me", { "x-api-key": apiKey })));
    const limited = burst.filter((r) => r.status === 429);
    expect(limited.length).toBe(11);
    for (const r of limited) {
      expect(JSON.parse(r.text).code).toBe("rate_limited");
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(r.headers.get("ratelimit")).toMatch(/^"default";r=0;t=\d+$/);
    }
    const refusedGeneration = await call("POST", "/upscale", { "x-api-key": apiKey }, { image_url: imageUrl });
    expect(refusedGeneration.status).toBe(429);
    expect(await balance(accountId)).toBe(10);
    expect(JSON.parse((await call("GET", "/me", { "x-api-key": (await makeAccount()).apiKey })).text).api_total_completed).toBe(0);
  });
});

describe("request bodies (D2)", () => {
  it("refuses bad JSON, non-objects, wrong content types and oversized bodies with documented codes", async () => {
    const { apiKey, accountId } = await makeAccount({ credits: 10 });
    const h = { "x-api-key": apiKey };
    expect(JSON.parse((await call("POST", "/upscale", h, "{not json")).text).error.code).toBe("invalid_json");
    expect(JSON.parse((await call("POST", "/upscale", h, "[1,2]")).text).error.code).toBe("invalid_request");
    const form = await fetch(`${stack.app.url}/api/v1/upscale`, {
      method: "POST",
      headers: { ...h, "content-type": "text/plain" },
      body: "image_url=x",
    });
    expect(((await form.json()) as { error: { code: string } }).error.code).toBe("invalid_request");
    const huge = await call("POST", "/upscale", h, { image_url: imageUrl, padding: "x".repeat(1_100_000) });
    expect([huge.status, JSON.parse(huge.text).error.code]).toEqual([400, "payload_too_large"]);
    expect(await balance(accountId)).toBe(10);
  });
});

describe("Idempotency-Key (D12)", () => {
  it("replays the first response without a second charge, scoped per account", async () => {
    const a = await makeAccount({ credits: 10 });
    const b = await makeAccount({ credits: 10 });
    const key = { "idempotency-key": "order-42" };
    const first = await call("POST", "/upscale", { "x-api-key": a.apiKey, ...key }, { image_url: imageUrl });
    const again = await call("POST", "/upscale", { "x-api-key": a.apiKey, ...key }, { image_url: imageUrl });
    expect(first.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("idempotency-replayed")).toBe("true");
    expect(await balance(a.accountId)).toBe(8);
    expect(JSON.parse((await call("GET", "/me", { "x-api-key": a.apiKey })).text).api_completed_month).toBe(1);

    const otherAccount = await call("POST", "/upscale", { "x-api-key": b.apiKey, ...key }, { image_url: imageUrl });
    expect(JSON.parse(otherAccount.text).job_id).not.toBe(JSON.parse(first.text).job_id);
    expect(await balance(b.accountId)).toBe(8);
  });

  it("answers 422 when the key comes back with another body, and 409 while the first is in flight", async () => {
    const { apiKey, accountId } = await makeAccount({ credits: 10 });
    const h = { "x-api-key": apiKey, "idempotency-key": "k-1" };
    expect((await call("POST", "/upscale", h, { image_url: imageUrl })).status).toBe(200);
    const reused = await call("POST", "/upscale", h, { image_url: stack.fixtures.serve("/other.jpg", await roomPhoto(40, 30)) });
    expect([reused.status, JSON.parse(reused.text).error.code]).toEqual([422, "idempotency_key_reused"]);

    // The first request's source answers only when released: it holds its key while the second arrives.
    const held = stack.fixtures.hold("/held.jpg", await roomPhoto(64, 48));
    const h2 = { "x-api-key": apiKey, "idempotency-key": "k-2" };
    const first = call("POST", "/upscale", h2, { image_url: held.url });
    await held.requested;
    const duplicate = await call("POST", "/upscale", h2, { image_url: held.url });
    expect([duplicate.status, JSON.parse(duplicate.text).error.code]).toEqual([409, "idempotency_conflict"]);
    expect(stack.fixtures.hits("/held.jpg")).toBe(1);
    held.release();
    expect((await first).status).toBe(200);
    expect(await balance(accountId)).toBe(6);
  });

  it("stores nothing for a request refused by validation, so a corrected retry with the same key runs", async () => {
    const { apiKey } = await makeAccount({ credits: 10 });
    const h = { "x-api-key": apiKey, "idempotency-key": "fix-me" };
    expect((await call("POST", "/upscale", h, { image_url: "ftp://nope" })).status).toBe(400);
    expect((await call("POST", "/upscale", h, { image_url: imageUrl })).status).toBe(200);
  });
});

/**
 * The request log (D16) over HTTP: every answer carries x-request-id; every request made
 * with a live key is logged with its key prefix, method, route template, status, latency,
 * request id, idempotency key and error code, and nothing else (no bodies, headers,
 * addresses or secrets); rows arrive in batches after the answer, and so does the key's
 * last use. Filters and pages as the Developers section uses them.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { useAppStack } from "@/test/app-stack";
import { makeAccount } from "@/test/fixtures";
import { createKey } from "../keys/create-key";
import { listRequests } from "./list-requests";
import { pruneDeveloperLogs } from "./prune-developer-logs";
import { flushRequestLog } from "./request-recorder";

const stack = useAppStack();

async function call(method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
  const response = await fetch(`${stack.app.url}/api/v1${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, requestId: response.headers.get("x-request-id"), body: await response.json() };
}

describe("the request log", () => {
  it("gives every answer an x-request-id and logs each request of a live key, without bodies or secrets", async () => {
    const { apiKey, accountId } = await makeAccount();
    const ok = await call("GET", "/me", { "x-api-key": apiKey, "x-forwarded-for": "203.0.113.9" });
    const refused = await call(
      "POST",
      "/upscale",
      { "x-api-key": apiKey, "x-forwarded-for": "203.0.113.9", "Idempotency-Key": "order-77" },
      { image_url: "not a url" },
    );
    const missing = await call("GET", "/me");
    const unknownRoute = await call("GET", "/nowhere");
    for (const answer of [ok, refused, missing, unknownRoute]) expect(answer.requestId).toMatch(/^req_[0-9a-f]{32}$/);
    expect(new Set([ok, refused, missing, unknownRoute].map((a) => a.requestId)).size).toBe(4);
    expect([ok.status, refused.status, missing.status, unknownRoute.status]).toEqual([200, 400, 401, 404]);

    await flushRequestLog();
    const { rows } = await listRequests(await getDb(), { accountId, limit: 10 });
    expect(rows.map((r) => [r.method, r.route, r.status, r.errorCode, r.idempotencyKey, r.requestId])).toEqual([
      ["POST", "/upscale", 400, "invalid_request", "order-77", refused.requestId],
      ["GET", "/me", 200, null, null, ok.requestId],
    ]);
    expect(rows[0].keyPrefix).toBe(apiKey.slice(0, 12));
    expect(rows.every((r) => r.latencyMs >= 0)).toBe(true);
    const stored = JSON.stringify(await (await getDb()).execute(sql`select * from v1.request_log where account_id = ${accountId}`));
    for (const secret of [apiKey, "not a url", "203.0.113.9", "x-api-key"]) expect(stored).not.toContain(secret);

    // The key's last use, written with the batch: the address is kept there, on the key alone. It is
    // the client's address by the proxy rule (server/auth/client-ip.ts): with no proxy in front, the
    // connection's own, never what a client wrote in X-Forwarded-For.
    const [key] = await (
      await getDb()
    )
      .select({ at: apiKeys.lastUsedAt, ip: apiKeys.lastUsedIp })
      .from(apiKeys)
      .where(eq(apiKeys.accountId, accountId));
    expect(key.ip).toBe("127.0.0.1");
    expect(key.at!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("writes many requests in a few transactions, and loses none", async () => {
    const { apiKey, accountId } = await makeAccount();
    const db = await getDb();
    const answers = await Promise.all(Array.from({ length: 60 }, () => call("GET", "/me", { "x-api-key": apiKey })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    await flushRequestLog();
    const { rows } = await listRequests(db, { accountId, limit: 100 });
    expect(rows).toHaveLength(60);
    expect(new Set(rows.map((r) => r.requestId))).toEqual(new Set(answers.map((a) => a.requestId)));
    // Rows written by one transaction share its id (xmin): a write per request would make 60.
    const [{ writes }] = await db.execute<{ writes: number }>(
      sql`select count(distinct xmin::text)::int as writes from v1.request_log where account_id = ${accountId}`,
    );
    expect(writes).toBeLessThanOrEqual(5);
  });

  it("filters by key, status class, route and time, and pages newest first", async () => {
    const { apiKey, accountId } = await makeAccount();
    const db = await getDb();
    const other = await createKey(db, { accountId, name: "reports", scope: "read_only" });
    for (let i = 0; i < 3; i++) await call("GET", "/me", { "x-api-key": apiKey });
    await call("GET", "/jobs", { "x-api-key": other.apiKey });
    await call("POST", "/delete", { "x-api-key": other.apiKey }, { jobId: "nope" });
    await flushRequestLog();

    const byKey = await listRequests(db, { accountId, keyId: other.id, limit: 10 });
    expect(byKey.rows.map((r) => [r.route, r.status, r.errorCode])).toEqual([
      ["/delete", 403, "insufficient_scope"],
      ["/jobs", 200, null],
    ]);
    expect((await listRequests(db, { accountId, statusClass: "4xx", limit: 10 })).rows.map((r) => r.route)).toEqual(["/delete"]);
    expect((await listRequests(db, { accountId, statusClass: "2xx", route: "/me", limit: 10 })).rows).toHaveLength(3);
    expect((await listRequests(db, { accountId, from: new Date(Date.now() + 60_000), limit: 10 })).rows).toHaveLength(0);
    expect((await listRequests(db, { accountId, to: new Date(Date.now() - 3600_000), limit: 10 })).rows).toHaveLength(0);

    const first = await listRequests(db, { accountId, limit: 2 });
    const second = await listRequests(db, { accountId, limit: 2, before: first.next! });
    const third = await listRequests(db, { accountId, limit: 2, before: second.next! });
    expect(third.next).toBeNull();
    const all = [...first.rows, ...second.rows, ...third.rows];
    expect(all).toHaveLength(5);
    expect(new Set(all.map((r) => r.id)).size).toBe(5);
    expect(all.map((r) => r.at.getTime())).toEqual([...all.map((r) => r.at.getTime())].sort((a, b) => b - a));
    // Another account sees none of it.
    expect((await listRequests(db, { accountId: (await makeAccount()).accountId, limit: 10 })).rows).toEqual([]);
  });

  it("keeps 30 days: older rows go in batches", async () => {
    const { accountId } = await makeAccount();
    const db = await getDb();
    const old = new Date(Date.now() - 31 * 24 * 3600_000).toISOString();
    await db.execute(sql`
      insert into v1.request_log (account_id, key_prefix, method, route, status, latency_ms, request_id, at)
      select ${accountId}::uuid, 'idk_old', 'GET', '/me', 200, 1, 'req_old' || g, ${old}::timestamptz from generate_series(1, 7) g`);
    await db.execute(sql`
      insert into v1.request_log (account_id, key_prefix, method, route, status, latency_ms, request_id, at)
      values (${accountId}::uuid, 'idk_new', 'GET', '/me', 200, 1, 'req_new', now() - interval '29 days')`);
    expect(await pruneDeveloperLogs(db, { now: new Date(), batch: 5 })).toMatchObject({ requests: 5 });
    expect(await pruneDeveloperLogs(db, { now: new Date(), batch: 5 })).toMatchObject({ requests: 2 });
    expect((await listRequests(db, { accountId, limit: 10 })).rows.map((r) => r.requestId)).toEqual(["req_new"]);
  });
});

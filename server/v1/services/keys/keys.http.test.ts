/**
 * Keys of the developer console (D16) over HTTP: names and scopes (a read-only key may
 * only GET; anything else is 403 insufficient_scope), at most 20 working keys per account
 * (rotated keys in their overlap included), rotation with an overlap during which both
 * keys work (the key cache honours the old key's end to the millisecond), and revocation
 * by id within an account.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { AppError } from "@/server/errors";
import { MAX_LIVE_KEYS } from "@/shared/vocabulary";
import { useAppStack } from "@/test/app-stack";
import { makeAccount } from "@/test/fixtures";
import { createKey } from "./create-key";
import { listKeys } from "./list-keys";
import { revokeKey } from "./revoke-key";
import { rotateKey } from "./rotate-key";

const stack = useAppStack();

async function call(method: "GET" | "POST", path: string, apiKey: string, body?: unknown) {
  const response = await fetch(`${stack.app.url}/api/v1${path}`, {
    method,
    headers: { "x-api-key": apiKey, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { code?: string; error?: { code?: string } | string };
  return { status: response.status, code: json.code ?? (typeof json.error === "object" ? json.error?.code : undefined) };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: AppError) => error.code,
  );

describe("scopes", () => {
  it("lets a read-only key read and refuses it everything else with 403 insufficient_scope, in both body styles", async () => {
    const { accountId } = await makeAccount();
    const reader = await createKey(await getDb(), { accountId, name: "dashboard", scope: "read_only" });
    expect(await call("GET", "/me", reader.apiKey)).toEqual({ status: 200, code: undefined });
    expect(await call("GET", "/jobs", reader.apiKey)).toEqual({ status: 200, code: undefined });
    expect(await call("POST", "/delete", reader.apiKey, { jobId: "x" })).toEqual({ status: 403, code: "insufficient_scope" });
    expect(await call("POST", "/upscale", reader.apiKey, { image_url: "https://example.com/a.jpg" })).toEqual({
      status: 403,
      code: "insufficient_scope",
    });
    const writer = await createKey(await getDb(), { accountId, name: "backend" });
    expect(await call("POST", "/delete", writer.apiKey, { jobId: "x" })).toMatchObject({ status: 404 });
  });
});

describe("the live-key limit", () => {
  it("allows 20 live keys and counts neither revoked nor expired ones", async () => {
    const db = await getDb();
    const { accountId } = await makeAccount();
    const made = await Promise.allSettled(Array.from({ length: MAX_LIVE_KEYS + 3 }, (_, i) => createKey(db, { accountId, name: `k${i}` })));
    // Made at once, still 20: the account row's lock serializes the count.
    expect(made.filter((m) => m.status === "fulfilled")).toHaveLength(MAX_LIVE_KEYS - 1);
    expect(await refusal(createKey(db, { accountId }))).toBe("conflict");
    const keys = await listKeys(db, { accountId });
    expect(keys).toHaveLength(MAX_LIVE_KEYS);
    await revokeKey(db, { accountId, keyId: keys[3].id });
    await db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, keys[4].id));
    await createKey(db, { accountId });
    await createKey(db, { accountId });
    expect(await refusal(createKey(db, { accountId }))).toBe("conflict");
  });

  it("counts rotated keys still in their overlap: a rotation with an overlap is refused at the limit, one with none replaces the key (N2)", async () => {
    const db = await getDb();
    const { accountId } = await makeAccount();
    const first = await createKey(db, { accountId, name: "busy" });
    const before = (await listKeys(db, { accountId })).length;
    // One key rotated again and again with a week's overlap used to leave 34 working keys.
    let current = first;
    const refusals: string[] = [];
    for (let i = 0; i < 25; i++) {
      try {
        current = await rotateKey(db, { accountId, keyId: current.id, overlapHours: 168, now: new Date() });
      } catch (error) {
        refusals.push(`${(error as AppError).code}: ${(error as AppError).message}`);
      }
    }
    expect(await listKeys(db, { accountId })).toHaveLength(MAX_LIVE_KEYS);
    expect(refusals).toHaveLength(25 - (MAX_LIVE_KEYS - before));
    expect(refusals[0]).toBe(
      `conflict: An account can have at most ${MAX_LIVE_KEYS} working keys, and a rotated key works until its overlap ends. Revoke a key you no longer use, or rotate with no overlap (the old key stops at once).`,
    );
    expect(await refusal(createKey(db, { accountId }))).toBe("conflict");
    // With no overlap the old key stops as the new one starts: still 20.
    const immediate = await rotateKey(db, { accountId, keyId: current.id, overlapHours: 0, now: new Date() });
    const live = await listKeys(db, { accountId });
    expect(live).toHaveLength(MAX_LIVE_KEYS);
    expect(live.map((key) => key.id)).toContain(immediate.id);
    expect((await call("GET", "/me", current.apiKey)).status).toBe(403);
  });
});

describe("rotation and revocation", () => {
  it("keeps both keys working during the overlap, then the old one stops at its end even when cached", async () => {
    const db = await getDb();
    const { accountId } = await makeAccount();
    const old = await createKey(db, { accountId, name: "site", scope: "read_only" });
    expect((await call("GET", "/me", old.apiKey)).status).toBe(200);
    // An overlap that ends two seconds from now.
    const rotated = await rotateKey(db, {
      accountId,
      keyId: old.id,
      overlapHours: 1,
      now: new Date(Date.now() - 3600_000 + 2000),
      createdBy: "admin",
    });
    expect(rotated.apiKey).not.toBe(old.apiKey);
    const listed = await listKeys(db, { accountId });
    expect(listed.find((k) => k.id === rotated.id)).toMatchObject({
      name: "site",
      scope: "read_only",
      createdBy: "admin",
      expiresAt: null,
    });
    expect(listed.find((k) => k.id === old.id)?.expiresAt).toBeInstanceOf(Date);
    expect((await call("GET", "/me", old.apiKey)).status).toBe(200);
    expect((await call("GET", "/me", old.apiKey)).status).toBe(200);
    expect((await call("GET", "/me", rotated.apiKey)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await call("GET", "/me", old.apiKey)).toEqual({ status: 403, code: "invalid_api_key" });
    expect((await call("GET", "/me", rotated.apiKey)).status).toBe(200);
    expect((await listKeys(db, { accountId })).map((k) => k.id)).not.toContain(old.id);
  });

  it("revokes a key in its overlap at once, a rotation with no overlap too, and only keys of the account named", async () => {
    const db = await getDb();
    const { accountId } = await makeAccount();
    const other = await makeAccount();
    const old = await createKey(db, { accountId });
    const next = await rotateKey(db, { accountId, keyId: old.id, overlapHours: 24, now: new Date() });
    expect((await call("GET", "/me", old.apiKey)).status).toBe(200);
    expect(await refusal(revokeKey(db, { accountId: other.accountId, keyId: old.id }))).toBe("not_found");
    expect(await refusal(rotateKey(db, { accountId: other.accountId, keyId: old.id, overlapHours: 1, now: new Date() }))).toBe("not_found");
    await revokeKey(db, { accountId, keyId: old.id });
    expect((await call("GET", "/me", old.apiKey)).status).toBe(403);
    expect((await call("GET", "/me", next.apiKey)).status).toBe(200);

    const immediate = await rotateKey(db, { accountId, keyId: next.id, overlapHours: 0, now: new Date() });
    expect((await call("GET", "/me", next.apiKey)).status).toBe(403);
    expect((await call("GET", "/me", immediate.apiKey)).status).toBe(200);
    expect(await refusal(rotateKey(db, { accountId, keyId: immediate.id, overlapHours: -1, now: new Date() }))).toBe("invalid_request");
  });
});

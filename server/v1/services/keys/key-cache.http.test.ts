/**
 * The key cache of authenticated reads (key-cache.ts) on two instances of the app (this
 * process and a child process) sharing one database: a warm key is served from the
 * cache, and a revocation is honoured by both from the first request after revokeKey
 * returns.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { makeAccount } from "@/test/fixtures";
import { startAppServer, type AppServer } from "@/test/app-server";
import { spawnInstance, type SpawnedInstance } from "@/test/spawn-instance";
import { hashApiKey, keyPrefix } from "./api-key";
import { revokeKey } from "./revoke-key";

let here: AppServer;
let there: SpawnedInstance;
beforeAll(async () => {
  [here, there] = await Promise.all([startAppServer(), spawnInstance()]);
}, 90_000);
afterAll(async () => {
  await here?.close();
  await there?.stop();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const me = async (base: string, apiKey: string) => (await fetch(`${base}/api/v1/me`, { headers: { "x-api-key": apiKey } })).status;

it("serves a warm key from the cache: a change behind its back is not seen by reads", async () => {
  const { apiKey } = await makeAccount();
  // The first read starts each instance's listener; the next ones fill and use the cache.
  expect([await me(here.url, apiKey), await me(there.url, apiKey)]).toEqual([200, 200]);
  await pause(1000);
  expect([await me(here.url, apiKey), await me(there.url, apiKey)]).toEqual([200, 200]);
  // Revoked without telling the instances (never done outside this test): reads keep the cached key.
  await (await getDb()).execute(sql`update v1.api_keys set revoked_at = now() where key_hash = ${hashApiKey(apiKey)}`);
  expect([await me(here.url, apiKey), await me(there.url, apiKey)]).toEqual([200, 200]);
  // A write authenticates against the database.
  const write = await fetch(`${here.url}/api/v1/upscale`, {
    method: "POST",
    headers: { "x-api-key": apiKey, "content-type": "application/json" },
    body: "{}",
  });
  expect(write.status).toBe(403);
});

it("refuses a revoked key on every instance from the first request after the revocation", async () => {
  for (let round = 0; round < 5; round++) {
    const { apiKey } = await makeAccount();
    expect([await me(here.url, apiKey), await me(there.url, apiKey)]).toEqual([200, 200]);
    expect([await me(here.url, apiKey), await me(there.url, apiKey)]).toEqual([200, 200]);
    await revokeKey(await getDb(), { prefix: keyPrefix(apiKey) });
    expect(await Promise.all([me(here.url, apiKey), me(there.url, apiKey), me(there.url, apiKey)])).toEqual([403, 403, 403]);
  }
});

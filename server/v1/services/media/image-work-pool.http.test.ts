/**
 * The per-instance pool of in-request image work: beyond it a request waits up to
 * V1_SYNC_QUEUE_TIMEOUT_MS, then is refused with 503 server_busy and Retry-After, with
 * nothing charged or stored; a slot freed in time lets the waiting request run.
 */
import { sql } from "drizzle-orm";
import { beforeAll, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { makeAccount } from "@/test/fixtures";
import { roomPhoto } from "@/test/images";
import { imageWorkPoolSize, withImageWorkSlot } from "./image-work-pool";
import { useAppStack } from "@/test/app-stack";

vi.hoisted(() => {
  process.env.V1_SYNC_POOL_SIZE = "1";
  process.env.V1_SYNC_QUEUE_TIMEOUT_MS = "800";
});

const stack = useAppStack({ fixtures: true });
let imageUrl: string;
beforeAll(async () => {
  imageUrl = stack.fixtures.serve("/pool.jpg", await roomPhoto(64, 48));
});

const upscale = (apiKey: string) =>
  fetch(`${stack.app.url}/api/v1/upscale`, {
    method: "POST",
    headers: { "x-api-key": apiKey, "content-type": "application/json" },
    body: JSON.stringify({ image_url: imageUrl }),
  });

async function holdings(accountId: string) {
  const [row] = await (
    await getDb()
  ).execute<{ balance: number; jobs: number }>(
    sql`select credit_balance as balance, (select count(*)::int from v1.media_jobs where account_id = ${accountId}) as jobs from v1.accounts where id = ${accountId}`,
  );
  return { balance: Number(row.balance), jobs: Number(row.jobs) };
}

it("refuses with 503 server_busy and Retry-After when the pool stays full, charging nothing", async () => {
  expect(imageWorkPoolSize()).toBe(1);
  const { apiKey, accountId } = await makeAccount({ credits: 10 });
  let free: () => void = () => {};
  const held = withImageWorkSlot(() => new Promise<void>((resolve) => (free = resolve)));
  const refused = await upscale(apiKey);
  expect(refused.status).toBe(503);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("server_busy");
  expect(await holdings(accountId)).toEqual({ balance: 10, jobs: 0 });

  // A slot freed while the request waits lets it run.
  const waiting = upscale(apiKey);
  setTimeout(() => free(), 200);
  await held;
  const served = await waiting;
  expect(served.status).toBe(200);
  expect(await holdings(accountId)).toEqual({ balance: 8, jobs: 1 });
});

import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { mediaJobs } from "@/db/schema";
import { makeAccount } from "@/test/fixtures";
import { debitCredits } from "../billing/debit-credits";
import { settleAbandonedSyncJobs } from "./settle-abandoned-sync-jobs";

describe("settling interrupted synchronous jobs", () => {
  it("fails and refunds, once, a job left processing past the provider timeout, and leaves recent ones alone", async () => {
    const db = await getDb();
    const { accountId } = await makeAccount({ credits: 10 });
    const old = new Date(Date.now() - 2 * 3_600_000);
    const [stale] = await db
      .insert(mediaJobs)
      .values({ accountId, kind: "upscale", request: {}, creditsCharged: 2, createdAt: old, updatedAt: old })
      .returning();
    const [fresh] = await db.insert(mediaJobs).values({ accountId, kind: "inpaint", request: {}, creditsCharged: 1 }).returning();
    await debitCredits(db, { accountId, amount: 2, chargeKey: `upscale:${stale.id}`, jobId: stale.id, operation: "upscale" });
    await debitCredits(db, { accountId, amount: 1, chargeKey: `inpaint:${fresh.id}`, jobId: fresh.id, operation: "inpaint" });

    const ctx = { db, now: () => new Date() };
    expect(await settleAbandonedSyncJobs(ctx, { accountId })).toBe(1);
    expect(await settleAbandonedSyncJobs(ctx, { accountId })).toBe(0);
    const rows = await db.execute<{ id: string; status: string; credits_charged: number }>(
      sql`select id, status, credits_charged from v1.media_jobs where account_id = ${accountId}`,
    );
    expect(rows.find((r) => r.id === stale.id)).toMatchObject({ status: "failed", credits_charged: 0 });
    expect(rows.find((r) => r.id === fresh.id)).toMatchObject({ status: "processing" });
    const [account] = await db.execute<{ b: number }>(sql`select credit_balance as b from v1.accounts where id = ${accountId}`);
    expect(Number(account.b)).toBe(9);
  });
});

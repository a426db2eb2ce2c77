import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { oauthRecords } from "@/db/schema";
import { sweepExpiredOAuthRecords } from "./sweep-expired-records";

afterAll(closeDb);

describe("the sweep of expired OAuth records", () => {
  it("deletes expired records in batches and keeps live ones and registered clients", async () => {
    const db = await getDb();
    const now = new Date();
    const past = new Date(now.getTime() - 1000);
    const future = new Date(now.getTime() + 3600_000);
    await db.insert(oauthRecords).values([
      { model: "AccessToken", id: "old-1", payload: {}, expiresAt: past },
      { model: "AccessToken", id: "old-2", payload: {}, expiresAt: past },
      { model: "Interaction", id: "old-3", payload: {}, expiresAt: past },
      { model: "AccessToken", id: "live", payload: {}, expiresAt: future },
      { model: "Client", id: "registered", payload: {}, expiresAt: null },
    ]);
    expect(await sweepExpiredOAuthRecords(db, { now, batch: 2 })).toBe(2);
    expect(await sweepExpiredOAuthRecords(db, { now, batch: 2 })).toBe(1);
    expect(await sweepExpiredOAuthRecords(db, { now, batch: 2 })).toBe(0);
    const left = await db.select({ id: oauthRecords.id }).from(oauthRecords);
    expect(left.map((row) => row.id).sort()).toEqual(["live", "registered"]);
    expect(await db.select().from(oauthRecords).where(eq(oauthRecords.id, "old-1"))).toEqual([]);
  });
});

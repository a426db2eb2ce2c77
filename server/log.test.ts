import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { describeError, logError, safeLogger } from "./log";

describe("error logging", () => {
  it("never writes a failed query's parameters", async () => {
    const secret = "7bcfe7d1c0ffee0000000000000000000000000000000000000000000000abcd";
    const failure = await (
      await getDb()
    )
      .execute(sql`select * from v1.api_keys where key_hash = ${secret} and id = ${"not-a-uuid"}`)
      .catch((e: unknown) => e);
    expect(String((failure as Error).message)).toContain(secret);
    const written = describeError(failure);
    expect(written).not.toContain(secret);
    expect(written).toContain("22P02");

    const lines: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args) => void lines.push(args.join(" ")));
    logError("[test]", failure);
    safeLogger.error("step failed", failure);
    spy.mockRestore();
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).not.toContain(secret);
  });
});

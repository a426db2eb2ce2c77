import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "./client";
import { accounts } from "./schema";

describe("prepared statements", () => {
  it("keeps drizzle's queries as named prepared statements, inside transactions too", async () => {
    const db = await getDb();
    const marker = `prepared-${Date.now()}`;
    const statements = await db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++)
        await tx
          .select({ id: accounts.id })
          .from(accounts)
          .where(eq(accounts.name, `${marker}-${i}`));
      return tx.execute<{ statement: string }>(sql`select statement from pg_prepared_statements`);
    });
    const mine = statements.filter((s) => s.statement.includes('"accounts"."name" = $1'));
    expect(mine).toHaveLength(1);
  });
});

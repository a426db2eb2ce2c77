/**
 * A free redo of an output the structure check marked for review (D17): instead of the
 * quota unit a generation consumes, it takes one of the photo's free redos of the UTC
 * day. Taken in the transaction that stores the redo, behind a lock on the photo, so two
 * redos at once can never take a third.
 */
import "server-only";
import { and, count, eq, gte, sql } from "drizzle-orm";
import { freeRedos } from "@/db/schema";
import type { Tx } from "@/db/client";
import { AppError } from "@/server/errors";
import { FREE_REVIEW_REDOS_PER_DAY } from "@/shared/vocabulary";

/** `subject`: the photo redone, `job:<first group of the photo>` or `view:<view id>`. */
export async function claimFreeRedo(tx: Tx, input: { accountId: string; subject: string; now: Date }): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`free-redo:${input.accountId}:${input.subject}`}, 0))`);
  const dayStart = new Date(input.now.toISOString().slice(0, 10) + "T00:00:00.000Z");
  const [today] = await tx
    .select({ taken: count() })
    .from(freeRedos)
    .where(and(eq(freeRedos.accountId, input.accountId), eq(freeRedos.subject, input.subject), gte(freeRedos.createdAt, dayStart)));
  if (today.taken >= FREE_REVIEW_REDOS_PER_DAY) throw new AppError("free_redo_limit");
  await tx.insert(freeRedos).values({ accountId: input.accountId, subject: input.subject, createdAt: input.now });
}

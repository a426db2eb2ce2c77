import { and, eq, isNull } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { AppError } from "@/server/errors";

/** Revokes the live key whose prefix matches; an ambiguous or unknown prefix is refused. */
export async function revokeKey(db: Tx, input: { prefix: string; now?: Date }): Promise<{ revoked: string }> {
  const live = await db
    .select({ id: apiKeys.id, prefix: apiKeys.prefix })
    .from(apiKeys)
    .where(and(eq(apiKeys.prefix, input.prefix), isNull(apiKeys.revokedAt)));
  if (live.length === 0) throw new AppError("not_found", "No live key has this prefix.");
  if (live.length > 1) throw new AppError("invalid_request", "Several keys share this prefix; give a longer one.");
  await db.update(apiKeys).set({ revokedAt: input.now ?? new Date() }).where(eq(apiKeys.id, live[0].id));
  return { revoked: live[0].prefix };
}

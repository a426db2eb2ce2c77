import "server-only";
import { arrayContains, desc } from "drizzle-orm";
import { getDb } from "@/db/client";
import { emailOutbox } from "@/db/schema/studio-email";

/** The newest messages the embedded listener received, optionally only those to one address. */
export async function listOutbox(input: { to?: string; limit?: number } = {}) {
  const db = await getDb();
  return db
    .select()
    .from(emailOutbox)
    .where(input.to ? arrayContains(emailOutbox.to, [input.to.trim().toLowerCase()]) : undefined)
    .orderBy(desc(emailOutbox.receivedAt))
    .limit(input.limit ?? 50);
}

/** Column helpers shared by every table. */
import { sql } from "drizzle-orm";
import { timestamp, uuid } from "drizzle-orm/pg-core";

/** A table's own id: a random uuid. */
export const uuidKey = () => uuid("id").primaryKey().defaultRandom();

/** Timestamps are UTC instants, read as Date. */
export const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
export const completedAt = () => timestamp("completed_at", { withTimezone: true, mode: "date" });

/** A word list as SQL for a CHECK constraint: `'a', 'b'`, so the column holds only the vocabulary's words. */
export const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

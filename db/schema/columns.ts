/** Timestamp columns shared by every table: UTC instants, read as Date. */
import { timestamp } from "drizzle-orm/pg-core";

export const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
export const completedAt = () => timestamp("completed_at", { withTimezone: true, mode: "date" });

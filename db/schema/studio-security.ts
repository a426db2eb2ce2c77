/**
 * Studio tables that exist for account security: the sessions a person is signed in
 * with (so signing out really ends one), and the counters of the sign-in and sign-up
 * limits (rate-limiter-flexible's shape, shared by every instance of the app).
 */
import { index, integer, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { studio, users } from "./studio";

export const sessions = studio.table(
  "sessions",
  {
    /** sha256 of the session id carried inside the encrypted session cookie. */
    idHash: text("id_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const authRateLimits = studio.table("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull(),
  expire: timestamp("expire", { withTimezone: true, mode: "date" }),
});

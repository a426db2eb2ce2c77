/**
 * Email in the studio: single-use links mailed to a person (address verification,
 * password reset) and the outbox where the embedded SMTP listener keeps every message
 * it receives (server/email), so development, tests and a new user can follow links
 * without an outside mail service.
 */
import { sql } from "drizzle-orm";
import { check, index, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, inList, uuidKey } from "./columns";
import { studio, users } from "./studio";

export const EMAIL_TOKEN_PURPOSES = ["verify_email", "reset_password"] as const;
export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];

export const emailTokens = studio.table(
  "email_tokens",
  {
    id: uuidKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<EmailTokenPurpose>().notNull(),
    /** The address the link was sent to: a link proves only that address. */
    email: text("email").notNull(),
    /** sha256 of the token in the link, as for invitations. */
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_tokens_token_hash_unique").on(t.tokenHash),
    index("email_tokens_user_idx").on(t.userId, t.purpose),
    check("email_tokens_purpose_known", sql`${t.purpose} in (${inList(EMAIL_TOKEN_PURPOSES)})`),
  ],
);

/** Messages received by the embedded SMTP listener (never used when SMTP settings point elsewhere). */
export const emailOutbox = studio.table(
  "email_outbox",
  {
    id: uuidKey(),
    messageId: text("message_id"),
    from: text("from").notNull(),
    /** Envelope recipients, lower-cased. */
    to: text("to").array().notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    receivedAt: timestamp("received_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("email_outbox_received_idx").on(t.receivedAt)],
);

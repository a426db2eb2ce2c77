/**
 * The studio's side of payments (D15): one Stripe customer per workspace, the state of its
 * subscription as last read from Stripe, the owners' auto top-up choice, and every Stripe
 * event id received (so each is processed once). Plans, quota and credits themselves live
 * on the workspace's v1 account.
 */
import { sql } from "drizzle-orm";
import { boolean, check, integer, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { PAID_PLANS, type PaidPlan } from "../../shared/vocabulary";
import { createdAt, inList, updatedAt } from "./columns";
import { studio, workspaces } from "./studio";

export const workspaceBilling = studio.table(
  "workspace_billing",
  {
    workspaceId: uuid("workspace_id")
      .primaryKey()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    stripeCustomerId: text("stripe_customer_id"),
    /** The subscription that decides the plan (active, or else the newest), as Stripe last said. */
    subscriptionId: text("subscription_id"),
    /** Stripe's word for it (shared/plans.ts SUBSCRIPTION_STATUSES): not checked here, as Stripe may add states. */
    subscriptionStatus: text("subscription_status"),
    subscriptionPlan: text("subscription_plan").$type<PaidPlan>(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true, mode: "date" }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /**
     * When the deciding subscription ended because its payments failed (canceled after the
     * last retry, or unpaid); null otherwise. Set once: the owners are mailed as it is.
     */
    endedUnpaidAt: timestamp("ended_unpaid_at", { withTimezone: true, mode: "date" }),
    /** The unpaid invoice the owners were mailed about, so a past-due subscription mails once per invoice. */
    pastDueMailedFor: text("past_due_mailed_for"),
    /** Credits of the pack auto top-up buys (the threshold is the account's top_up_threshold). */
    topUpPack: integer("top_up_pack"),
    /** Why auto top-up was turned off by itself (a decline, an authentication), shown on the billing page. */
    topUpStoppedReason: text("top_up_stopped_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("workspace_billing_customer_unique").on(t.stripeCustomerId),
    check("workspace_billing_pack_positive", sql`coalesce(${t.topUpPack}, 1) > 0`),
    check("workspace_billing_subscription_plan_known", sql`${t.subscriptionPlan} in (${inList(PAID_PLANS)})`),
  ],
);

/** Every Stripe event the webhook verified, by its id: a duplicate delivery finds its row. */
export const stripeEvents = studio.table("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  /** The id of the event's object, read again from Stripe when the event is processed. */
  objectId: text("object_id"),
  receivedAt: createdAt(),
  /** When the durable function was handed the event. */
  dispatchedAt: timestamp("dispatched_at", { withTimezone: true, mode: "date" }),
  processedAt: timestamp("processed_at", { withTimezone: true, mode: "date" }),
});

export type WorkspaceBilling = typeof workspaceBilling.$inferSelect;

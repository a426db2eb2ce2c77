/**
 * The plans the studio sells, in one table (decision D15, docs/billing.md): each is a v1
 * plan (the contract's gating: multi-view and video need Premium or Business), with the
 * monthly quota and the credits included each paid month. Prices live in Stripe only,
 * found by each price's `lookup_key`; nothing here is an amount of money.
 */
import { FREE_PLAN, isPaidPlan, PAID_PLANS, PLANS, type PaidPlan, type Plan } from "./vocabulary";

export interface PlanTerms {
  plan: Plan;
  label: string;
  /** Accepted generation requests per UTC calendar month (D3). */
  monthlyQuota: number;
  /** Credits granted with each paid invoice of the plan (never for Free). */
  includedCredits: number;
  /** Outputs of POST /job when `fast` is not true (D5). */
  jobOutputs: number;
  /** The Stripe price of the monthly subscription, by lookup key; null for Free. */
  lookupKey: string | null;
  /** What the plan unlocks, for the pricing and billing pages. */
  features: readonly string[];
}

export const PLAN_TABLE = {
  free: {
    plan: "free",
    label: "Free",
    monthlyQuota: 20,
    includedCredits: 0,
    jobOutputs: 1,
    lookupKey: null,
    features: [
      "Staging, decluttering, renders and color changes",
      "One output per staging request",
      "Inpainting, upscaling and listing copy with credits",
    ],
  },
  premium: {
    plan: "premium",
    label: "Premium",
    monthlyQuota: 1_000,
    includedCredits: 300,
    jobOutputs: 2,
    lookupKey: "atrium_premium_monthly",
    features: ["Everything in Free", "Multi-view staging sets and listing videos", "Two outputs per staging request"],
  },
  business: {
    plan: "business",
    label: "Business",
    monthlyQuota: 10_000,
    includedCredits: 1_500,
    jobOutputs: 4,
    lookupKey: "atrium_business_monthly",
    features: ["Everything in Premium", "Four outputs per staging request", "The highest rate limits"],
  },
} as const satisfies Record<Plan, PlanTerms>;

/** "Premium plan": a plan's name where a sentence needs the word. */
export const PLAN_LABELS = Object.fromEntries(PLANS.map((plan) => [plan, `${PLAN_TABLE[plan].label} plan`])) as Record<Plan, string>;

/**
 * A Stripe subscription's states (its `status`), and what each means for the workspace
 * (sync-customer.ts): the states that hold the subscription's plan, those that end it
 * (the workspace returns to Free, credits kept), and the first payment still pending,
 * which changes nothing yet. While a subscription is in any state but an ended one, the
 * portal is the way to change it, not a second checkout.
 */
export const SUBSCRIPTION_STATUSES = [
  "active",
  "trialing",
  "past_due",
  "incomplete",
  "canceled",
  "unpaid",
  "incomplete_expired",
  "paused",
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const PLAN_HOLDING_STATUSES = ["active", "trialing", "past_due"] as const satisfies readonly SubscriptionStatus[];
export const ENDED_STATUSES = ["canceled", "unpaid", "incomplete_expired", "paused"] as const satisfies readonly SubscriptionStatus[];
export const SUBSCRIBED_STATUSES = SUBSCRIPTION_STATUSES.filter((status) => !(ENDED_STATUSES as readonly string[]).includes(status));
/** A renewal failed and Stripe is retrying it: the plan holds, with a banner and one mail per unpaid invoice. */
export const PAST_DUE_STATUS = "past_due" as const satisfies SubscriptionStatus;
/** Canceled (by the owner at a period's end, or by Stripe after the last retry) and unpaid (the retries ran out, the subscription kept): the two ways a plan ends. */
export const CANCELED_STATUS = "canceled" as const satisfies SubscriptionStatus;
export const UNPAID_STATUS = "unpaid" as const satisfies SubscriptionStatus;

/** Whether a subscription state (as Stripe or our copy of it says) is one of `states`. */
export function statusIn(states: readonly SubscriptionStatus[], status: string | null | undefined): boolean {
  return (states as readonly string[]).includes(status ?? "");
}

/** What a Stripe payment is for, named in its metadata (`kind`): fulfilment, invoices and refunds read it back. */
export const PURCHASE_KINDS = { plan: "plan", creditPack: "credit_pack", autoTopUp: "auto_top_up" } as const;
export type PurchaseKind = (typeof PURCHASE_KINDS)[keyof typeof PURCHASE_KINDS];
/** The kinds whose payment bought a credit pack (by the owner, or by auto top-up). */
export const PACK_PURCHASE_KINDS: readonly string[] = [PURCHASE_KINDS.creditPack, PURCHASE_KINDS.autoTopUp];

/** The name of the paid plan a subscription was for, as the owners' mail says it (the first paid plan when Stripe's price is not one of ours). */
export function paidPlanLabel(plan: string | null): string {
  return PLAN_TABLE[plan !== null && isPaidPlan(plan) ? plan : PAID_PLANS[0]].label;
}

/** The plan the pricing page puts forward. */
export const FEATURED_PLAN = "premium" as const satisfies PaidPlan;

/** For this many days after a plan ended because its payment failed, every workspace page says so (the billing page always does). */
export const PLAN_ENDED_NOTICE_DAYS = 14;

/** A plan chosen on the pricing page, carried through sign-up in `?plan=` (null for anything else: Free needs no checkout). */
export function chosenPaidPlan(value: unknown): PaidPlan | null {
  return typeof value === "string" && (PAID_PLANS as readonly string[]).includes(value) ? (value as PaidPlan) : null;
}

/** A new workspace's owners are mailed when a debit leaves fewer credits than this (they can change it). */
export const LOW_BALANCE_DEFAULT_THRESHOLD = 50;

/** A person may have at most this many workspaces on the Free plan: those they created or own now. */
export const FREE_WORKSPACES_PER_PERSON = 3;

export const FREE_WORKSPACE_LIMIT_MESSAGE = `You already have ${FREE_WORKSPACES_PER_PERSON} workspaces on the Free plan that you created or own, the most one person can have. Upgrade one of them to Premium or Business, or delete one you no longer use, to create another.`;

/** One-time credit packs (Checkout in payment mode, and auto top-up). */
export const CREDIT_PACKS = [
  { credits: 100, lookupKey: "atrium_credits_100" },
  { credits: 500, lookupKey: "atrium_credits_500" },
  { credits: 2_000, lookupKey: "atrium_credits_2000" },
] as const;

export type CreditPackSize = (typeof CREDIT_PACKS)[number]["credits"];

export function creditPack(credits: number) {
  return CREDIT_PACKS.find((pack) => pack.credits === credits) ?? null;
}

/** Every lookup key the deployment's Stripe account must have a price for. */
export const PRICE_LOOKUP_KEYS: readonly string[] = [
  ...PAID_PLANS.map((plan) => PLAN_TABLE[plan].lookupKey),
  ...CREDIT_PACKS.map((pack) => pack.lookupKey),
];

/** Which plans a feature needs, in words (the contract's plan gating, D1). */
export const PLAN_NEEDED_FOR = {
  multiview: "Multi-view staging needs the Premium or Business plan.",
  video: "Listing videos need the Premium or Business plan.",
} as const;

/**
 * The quota a plan grants a workspace. Free is for confirmed people only: until one of its
 * owners has confirmed their address, a Free workspace has no quota (security H1).
 */
export function planQuota(plan: Plan, ownerConfirmed: boolean): number {
  if (plan === FREE_PLAN && !ownerConfirmed) return 0;
  return PLAN_TABLE[plan].monthlyQuota;
}

/**
 * What each generation costs in media credits: the one billing source. The v1 service
 * charges these amounts (its route table's billing notes say the same) and the studio
 * shows them on its buttons before the click, so the two cannot drift apart.
 */
export const CREDIT_COSTS = {
  /** POST /job: legacy staging is paid in quota units only. */
  job: 0,
  /** POST /multiview: the anchor, charged when the set is accepted (D4). */
  multiviewAnchor: 1,
  /** POST /multiview: each other view, charged as it starts (D4). */
  multiviewSibling: 6,
  /** POST /multiview/redo. */
  multiviewRedo: 0,
  inpaint: 1,
  upscale: 2,
  video: 27,
  propertyDescription: 1,
} as const;

/** A multi-view set with this many views in all (the anchor and the others). */
export function multiviewCost(views: number): number {
  return views <= 0 ? 0 : CREDIT_COSTS.multiviewAnchor + CREDIT_COSTS.multiviewSibling * (views - 1);
}

/** A paid route's billing note, as the route table and the docs say it: "1 quota unit; 27 credits." */
export function paidRouteNote(credits: number): string {
  return `1 quota unit; ${creditsLabel(credits)}.`;
}

/** The studio's edit chain: inpaint, then upscale the result. */
export const INPAINT_UPSCALE_COST = CREDIT_COSTS.inpaint + CREDIT_COSTS.upscale;

export function creditsLabel(credits: number): string {
  return `${credits.toLocaleString("en-US")} ${credits === 1 ? "credit" : "credits"}`;
}

/** Why an action is refused up front: what it costs against what is left. */
export function shortOfCreditsMessage(cost: number, balance: number): string {
  return `This costs ${creditsLabel(cost)} and the workspace has ${creditsLabel(balance)} left. An owner can add credits to the workspace's account.`;
}

/**
 * Whole-listing staging: one staging job (POST /job) per photo, so the listing costs what
 * as many single stagings cost: CREDIT_COSTS.job credits and one monthly quota unit each.
 */
export function listingBatchCost(photos: number): { credits: number; quotaUnits: number } {
  return { credits: CREDIT_COSTS.job * photos, quotaUnits: photos };
}

export function quotaUnitsLabel(units: number): string {
  return `${units.toLocaleString("en-US")} ${units === 1 ? "staging job" : "staging jobs"} of the monthly quota`;
}

/** Why a batch is refused up front: the month's quota left cannot take every photo. */
export function shortOfQuotaMessage(units: number, left: number): string {
  return `This uses ${quotaUnitsLabel(units)} and the workspace has ${left.toLocaleString("en-US")} left this month. The quota resets at the start of next month (UTC).`;
}

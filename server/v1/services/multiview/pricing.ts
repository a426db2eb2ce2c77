/**
 * What a multi-view set costs (D4) and the charge keys that make each debit happen at
 * most once: the anchor when the set is accepted, each sibling when it starts.
 */
import "server-only";
import { CREDIT_COSTS } from "@/shared/credit-costs";

export const ANCHOR_COST = CREDIT_COSTS.multiviewAnchor;
export const SIBLING_COST = CREDIT_COSTS.multiviewSibling;
export const MULTIVIEW_OPERATION = "multiview";

export function viewChargeKey(view: { id: string; viewIndex: number }): string {
  return view.viewIndex === 0 ? `multiview:anchor:${view.id}` : `multiview:sibling:${view.id}`;
}

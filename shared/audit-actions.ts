/**
 * The actions of the workspace audit log (server/studio/audit/record-audit.ts): one list
 * for the column, the verb's type, the log page and its CSV. Add a name here before
 * recording it; names are past-tense facts, `<thing>_<what happened>`, and are never
 * renamed (rows keep them).
 */
export const AUDIT_ACTIONS = [
  // Members and invitations.
  "member_added",
  "member_removed",
  "member_role_changed",
  "agent_permissions_changed",
  "invitation_sent",
  "invitation_accepted",
  "invitation_revoked",
  // Billing (plans, credit packs, auto top-up, the low-balance mail, the operator's credits).
  "plan_changed",
  "credit_pack_purchased",
  "credits_taken_back",
  "second_plan_refunded",
  "auto_top_up_changed",
  "low_balance_alert_changed",
  "credits_added",
  // The developer console.
  "api_key_created",
  "api_key_rotated",
  "api_key_revoked",
  "api_key_handed_over",
  "webhook_endpoint_created",
  "webhook_endpoint_updated",
  "webhook_secret_rotated",
  "webhook_endpoint_removed",
  "webhook_endpoint_disabled",
  "webhook_endpoint_enabled",
  "webhook_endpoint_handed_over",
  // AI assistants signed in with OAuth (Developers → Connected apps).
  "connected_app_approved",
  "connected_app_revoked",
  // Listing pages: the team's draft edited or discarded, a version published, the page taken down.
  "listing_published",
  "listing_unpublished",
  "listing_draft_edited",
  "listing_draft_discarded",
  // Results the structure check asked a person to look at (D17).
  "result_looked_right",
  "result_review_redone",
  // Account security.
  "signed_out_everywhere",
  "account_reclaimed",
  "service_key_restored",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Small facts beside the action (a role, a plan, an amount): shown as `key: value` and kept as JSON. */
export type AuditDetail = Record<string, string | number | boolean | null>;

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  member_added: "Member added",
  member_removed: "Member removed",
  member_role_changed: "Member role changed",
  agent_permissions_changed: "What agents may do changed",
  invitation_sent: "Invitation sent",
  invitation_accepted: "Invitation accepted",
  invitation_revoked: "Invitation revoked",
  plan_changed: "Plan changed",
  credit_pack_purchased: "Credit pack purchased",
  credits_taken_back: "Credits taken back after a refund",
  second_plan_refunded: "Second plan subscription canceled and refunded",
  auto_top_up_changed: "Auto top-up changed",
  low_balance_alert_changed: "Low-balance email changed",
  credits_added: "Credits added by the operator",
  api_key_created: "API key created",
  api_key_rotated: "API key rotated",
  api_key_revoked: "API key revoked",
  api_key_handed_over: "API key handed over",
  webhook_endpoint_created: "Webhook endpoint added",
  webhook_endpoint_updated: "Webhook endpoint changed",
  webhook_secret_rotated: "Webhook signing secret rotated",
  webhook_endpoint_removed: "Webhook endpoint removed",
  webhook_endpoint_disabled: "Webhook endpoint turned off after 5 days of failures",
  webhook_endpoint_enabled: "Webhook endpoint turned back on",
  webhook_endpoint_handed_over: "Webhook endpoint handed over",
  connected_app_approved: "App connected (signed in with OAuth)",
  connected_app_revoked: "Connected app revoked",
  listing_published: "Listing page published",
  listing_unpublished: "Listing page unpublished",
  listing_draft_edited: "Listing page draft changed",
  listing_draft_discarded: "Listing page draft changes discarded",
  result_looked_right: "Result marked as looking right after the structure check asked",
  result_review_redone: "Result made again at no cost after the structure check asked",
  signed_out_everywhere: "Signed out on all devices",
  account_reclaimed: "Account claimed back by its address's owner",
  service_key_restored: "Image-service key restored",
};

export function isAuditAction(value: string): value is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(value);
}

import "server-only";
import type { Tx } from "@/db/client";
import type { AuditAction } from "@/shared/audit-actions";
import { changeCounts, listingChanges } from "@/shared/listing-changes";
import { recordAudit } from "../audit/record-audit";
import { loadDraft, sideOf, type Draft } from "./load-listing";

/**
 * Logs an edit of the listing's draft, as counts of what it changed (added, moved,
 * captions…), in the transaction that made it: who changed the draft shows in the audit
 * log beside who published it. An edit that changed nothing is not logged.
 */
export async function recordDraftEdit(
  tx: Tx,
  input: {
    workspaceId: string;
    projectId: string;
    address: string;
    userId: string;
    before: Draft;
    action?: Extract<AuditAction, "listing_draft_edited" | "listing_draft_discarded">;
    ip?: string;
  },
): Promise<void> {
  const after = await loadDraft({ db: tx }, input);
  const changes = listingChanges(sideOf(input.before.entries, input.before.description), sideOf(after.entries, after.description));
  if (changes.count === 0) return;
  await recordAudit(tx, {
    workspaceId: input.workspaceId,
    actorUserId: input.userId,
    action: input.action ?? "listing_draft_edited",
    target: input.address,
    detail: changeCounts(changes),
    ip: input.ip,
  });
}

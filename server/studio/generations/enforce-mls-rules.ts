/**
 * Refuses, before anything is charged or sent to the service, an edit the workspace's
 * MLS rule set does not allow, with the rule's reason. Warnings pass: the form showed
 * them. The v1 API never sees rule sets; only the studio applies them.
 */
import "server-only";
import { AppError } from "@/server/errors";
import { mlsVerdict, photoSettingOf } from "@/shared/mls-rules";
import type { EditOperation } from "@/shared/vocabulary";
import type { StudioContext } from "../context";
import { showMlsRuleSet } from "../workspaces/show-mls-rule-set";

export async function enforceMlsRules(
  ctx: Pick<StudioContext, "db">,
  input: { workspaceId: string; operation: EditOperation; setting: string | null | undefined },
): Promise<void> {
  const rules = await showMlsRuleSet(ctx, input);
  const verdict = mlsVerdict(rules.id, input.operation, photoSettingOf(input.setting));
  if (verdict.allowed === "no")
    throw new AppError("forbidden", `${rules.name}: ${verdict.reason}`, {
      details: { mls_rule_set: rules.id, operation: input.operation },
    });
}

import "server-only";
import type { jobGroups, jobOutputs } from "@/db/schema";
import { disclosureFields } from "../providers/disclosure-fields";

/**
 * Which provider made a legacy group's outputs, and what that means for its disclosure
 * (D14). The legacy record keeps its contract body, so this travels in the webhook and
 * in response headers (schemas/disclosure.ts PROVIDER_HEADERS).
 */
export function groupProviderFields(
  group: Pick<typeof jobGroups.$inferSelect, "redesignType">,
  outputs: Pick<typeof jobOutputs.$inferSelect, "provider">[],
): { provider: string | null; preview: boolean; disclosure: string | null } {
  const provider = outputs.find((output) => output.provider)?.provider ?? null;
  return { provider, ...disclosureFields(group.redesignType, provider) };
}

import "server-only";
import { disclosureFor, type DisclosureOperation } from "@/shared/disclosure";

/** The `preview` and `disclosure` fields of a result (schemas/disclosure.ts) for one operation and provider. */
export function disclosureFields(operation: DisclosureOperation, provider: string | null): { preview: boolean; disclosure: string | null } {
  const disclosure = disclosureFor(operation, provider);
  return { preview: disclosure.preview, disclosure: disclosure.label };
}

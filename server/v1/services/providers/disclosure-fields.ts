import "server-only";
import { disclosureFor } from "@/shared/disclosure";
import type { EditOperation } from "@/shared/vocabulary";

/** The `preview` and `disclosure` fields of a result (schemas/disclosure.ts) for one operation and provider. */
export function disclosureFields(operation: EditOperation, provider: string | null): { preview: boolean; disclosure: string | null } {
  const disclosure = disclosureFor(operation, provider);
  return { preview: disclosure.preview, disclosure: disclosure.label };
}

import type { Disclosure } from "@/shared/disclosure";
import { Badge } from "@/components/ui";

/**
 * What a result is, in the words it must be published with (shared/disclosure.ts): a
 * badge with the label and, for a style preview, the sentence saying what it is not.
 */
export function DisclosureNote({ disclosure }: { disclosure: Disclosure }) {
  if (!disclosure.label) return null;
  return (
    <div className="space-y-1">
      <Badge tone={disclosure.preview ? "warning" : "neutral"}>{disclosure.label}</Badge>
      {disclosure.preview && disclosure.remark ? <p className="text-xs text-stone-700">{disclosure.remark}</p> : null}
    </div>
  );
}

/**
 * The disclosure of a studio output (shared/disclosure.ts), from what made it: the
 * workflow's operation and the provider the service named. Pure: the list, exports and
 * the share page all call it with rows they already hold.
 */
import "server-only";
import { disclosureFor, strongestDisclosure, type Disclosure } from "@/shared/disclosure";
import type { EditOperation, GenerationKind, OutputRole } from "@/shared/vocabulary";

interface OutputFacts {
  role: OutputRole;
  provider: string | null;
}

function operationOf(kind: GenerationKind, params: Record<string, unknown>, role: OutputRole): EditOperation | null {
  switch (role) {
    case "staged":
      return (params.redesignType as EditOperation | undefined) ?? "staging";
    case "view":
      return "staging";
    case "inpainted":
      return params.inpaintingType === "replace" ? "inpaint_replace" : "inpaint_remove";
    case "upscaled":
      return "upscale";
    case "video":
      return kind === "video" ? "video" : null;
  }
}

/**
 * `outputs` are all outputs of the generation: the upscale of an inpainted image carries
 * the inpaint's disclosure, since it shows the same alteration.
 */
export function outputDisclosure(
  generation: { kind: GenerationKind; params: Record<string, unknown> },
  output: OutputFacts,
  outputs: readonly OutputFacts[] = [],
): Disclosure {
  const operation = operationOf(generation.kind, generation.params, output.role);
  const own: Disclosure = operation ? disclosureFor(operation, output.provider) : { label: null, preview: false, remark: null };
  if (output.role !== "upscaled") return own;
  const inpainted = outputs.find((other) => other.role === "inpainted");
  return inpainted ? strongestDisclosure(outputDisclosure(generation, inpainted), own) : own;
}

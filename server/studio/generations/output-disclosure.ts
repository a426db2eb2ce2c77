/**
 * The edit a studio output stands for, and its disclosure (shared/disclosure.ts), from
 * what made it: the generation's stored request (its v1 words) and the provider the
 * service named. Pure: the list, exports, change maps and the share page all call it with
 * rows they already hold.
 */
import "server-only";
import { DISCLOSURE_LABELS, disclosureFor, strongestDisclosure, type Disclosure, type DisclosureLabel } from "@/shared/disclosure";
import { inpaintOperation, type EditOperation, type GenerationKind, type OutputRole } from "@/shared/vocabulary";
import type { InpaintUpscaleParams } from "./inpaint-upscale/inpaint-request";
import type { StagingParams } from "./staging/job-request";

interface Made {
  kind: GenerationKind;
  params: Record<string, unknown>;
  /** A video's `frames`: the label burned into the frames that show an altered result (video/altered-frames.ts). */
  result?: Record<string, unknown> | null;
}

interface OutputFacts {
  role: OutputRole;
  provider: string | null;
}

/**
 * The edit a generation's images show, seen from the original photo: a staging run's
 * redesign type, multi-view staging, the inpaint of an edit chain (its upscale shows the
 * same edit), a video; null for copy.
 */
export function generationEdit(generation: Made): EditOperation | null {
  switch (generation.kind) {
    case "staging":
      return (generation.params as Partial<StagingParams>).redesign_type ?? "staging";
    case "multiview":
      return "staging";
    case "inpaint_upscale":
      return inpaintOperation((generation.params as Partial<InpaintUpscaleParams>).inpainting_type ?? "remove");
    case "video":
      return "video";
    case "description":
      return null;
  }
}

/** The operation that made one output: an upscale is disclosed as such; a video only by a video run. */
function operationOf(generation: Made, role: OutputRole): EditOperation | null {
  if (role === "upscaled") return "upscale";
  if (role === "video") return generation.kind === "video" ? "video" : null;
  return generationEdit(generation);
}

/**
 * `outputs` are all outputs of the generation: the upscale of an inpainted image carries
 * the inpaint's disclosure, since it shows the same alteration.
 */
export function outputDisclosure(generation: Made, output: OutputFacts, outputs: readonly OutputFacts[] = []): Disclosure {
  const operation = operationOf(generation, output.role);
  const own: Disclosure = operation ? disclosureFor(operation, output.provider) : { label: null, preview: false, remark: null };
  const frames = output.role === "video" ? (generation.result?.frames as { label?: DisclosureLabel } | undefined) : undefined;
  if (frames?.label) {
    // The altered image's own words first: a video of a staged room is called what the room is.
    const remark = `Frames of this video show an altered photo, labelled "${frames.label}" while it is on screen.${own.remark ? ` ${own.remark}` : ""}`;
    return { label: frames.label, preview: frames.label === DISCLOSURE_LABELS.stylePreview, remark };
  }
  if (output.role !== "upscaled") return own;
  const inpainted = outputs.find((other) => other.role === "inpainted");
  return inpainted ? strongestDisclosure(outputDisclosure(generation, inpainted), own) : own;
}

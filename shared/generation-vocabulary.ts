/**
 * Word lists of the studio's workflows. Pure module (no server imports): the schema,
 * the tRPC inputs and client components all read from here.
 */
export const GENERATION_KINDS = ["staging", "multiview", "inpaint_upscale", "video", "description"] as const;
export type GenerationKind = (typeof GENERATION_KINDS)[number];
export const GENERATION_KIND_LABELS: Record<GenerationKind, string> = {
  staging: "Staging",
  multiview: "Multi-view",
  inpaint_upscale: "Edit & upscale",
  video: "Video",
  description: "Description",
};

export const GENERATION_STATUSES = ["running", "completed", "failed"] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

/** staged: a staging output; view: a multi-view view; inpainted/upscaled: the chain's two steps. */
export const OUTPUT_ROLES = ["staged", "view", "inpainted", "upscaled", "video"] as const;
export type OutputRole = (typeof OUTPUT_ROLES)[number];

/** Outputs that alter a real photo: what the share page shows beside its original (labels: output-disclosure.ts). */
export const ALTERED_ROLES: readonly OutputRole[] = ["staged", "view", "inpainted", "upscaled"];


export const USAGE_OPERATIONS = [
  "job",
  "multiview",
  "multiview_sibling",
  "multiview_redo",
  "inpaint",
  "upscale",
  "video",
  "property_description",
] as const;
export type UsageOperation = (typeof USAGE_OPERATIONS)[number];
export const USAGE_OPERATION_LABELS: Record<UsageOperation, string> = {
  job: "Staging job",
  multiview: "Multi-view anchor",
  multiview_sibling: "Multi-view sibling",
  multiview_redo: "Multi-view redo",
  inpaint: "Inpaint",
  upscale: "Upscale",
  video: "Video",
  property_description: "Property description",
};

export const VIDEO_MODE_LABELS = {
  before_after: "Before / after",
  flyover: "Flyover",
  zoom_in: "Zoom in",
  pan: "Pan",
  reveal: "Reveal",
} as const;
export type VideoMode = keyof typeof VIDEO_MODE_LABELS;

export const REDESIGN_TYPE_LABELS = {
  staging: "Virtual staging",
  declutter: "Declutter (empty room)",
  redecorate: "Redecorate",
  render: "Sketch to render",
  color_change: "Wall color change",
} as const;
export type RedesignType = keyof typeof REDESIGN_TYPE_LABELS;
/** Which redesign types need a style or a color (D5). */
export const NEEDS_STYLE: readonly RedesignType[] = ["staging", "render", "redecorate"];
export const NEEDS_COLOR: readonly RedesignType[] = ["color_change"];

export const TONES = ["professional", "warm", "luxury", "casual"] as const;
export const LENGTHS = ["short", "medium", "long"] as const;

/** The service allows 4 generations per multi-view sibling, the first included (D7). */
export const MULTIVIEW_MAX_ATTEMPTS = 4;

/** "living_room" → "Living room". */
export function idLabel(id: string): string {
  const words = id.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

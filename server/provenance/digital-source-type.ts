import "server-only";

/**
 * IPTC Digital Source Type (http://cv.iptc.org/newscodes/digitalsourcetype/) of an
 * output, from what made it:
 * - a generative model (any hosted provider) edited a real photo:
 *   `compositeWithTrainedAlgorithmicMedia` ("the media is a composite of trained
 *   algorithmic media with some other media"), what IPTC asks AI editors to write;
 * - the local provider removed things and filled the holes by classical inpainting:
 *   `compositeSynthetic` (a composite that includes synthetic elements);
 * - the local provider re-graded colours, rescaled, or moved a camera over a still:
 *   `algorithmicallyEnhanced` (modification by algorithm of media sourced from real
 *   life, no generative model).
 */
export const IPTC_DIGITAL_SOURCE_TYPE = "http://cv.iptc.org/newscodes/digitalsourcetype/";

export type DigitalSourceType = "compositeWithTrainedAlgorithmicMedia" | "compositeSynthetic" | "algorithmicallyEnhanced";

/** Operations whose local version removes content and invents the pixels behind it. */
const LOCAL_SYNTHESISING_OPERATIONS = new Set(["declutter", "inpaint_remove", "inpaint_replace"]);

export function digitalSourceTypeFor(input: { operation: string; provider: string }): DigitalSourceType {
  if (input.provider !== "local") return "compositeWithTrainedAlgorithmicMedia";
  return LOCAL_SYNTHESISING_OPERATIONS.has(input.operation) ? "compositeSynthetic" : "algorithmicallyEnhanced";
}

export function digitalSourceTypeUri(type: DigitalSourceType): string {
  return IPTC_DIGITAL_SOURCE_TYPE + type;
}

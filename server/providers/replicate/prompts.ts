/**
 * Text prompts for the hosted generative models. The service's parameters (type, style,
 * room, color, mode) become plain English because that is the only steering most
 * hosted image and video models accept.
 */
import "server-only";
import { placeOf } from "@/server/images/kept-areas";
import type { InpaintParams, RedesignParams } from "@/server/providers/types";
import type { VideoMode } from "@/shared/vocabulary";

export const NEGATIVE_PROMPT = "blurry, distorted geometry, warped walls, low quality, lowres, watermark, text, logo, people, cartoon";

/** What MLS rules forbid changing (docs/providers.md): every prompt says it. */
const KEEP =
  "Keep the walls, wall colour, floor, ceiling, windows, doors, built-in cabinets and counters, fixtures, the view through the windows, " +
  "the camera angle and the lighting exactly as they are.";

/** Added on the retry after the structure check refused an output that changed the room (docs/structure-check.md). */
const FIRM_STRUCTURE =
  " This is a second attempt: the first moved or repainted the room. The ceiling, every wall and its colour, each window and window frame, each door and door frame must stay exactly where and as they are; only movable furniture and decor may change.";

function keep(params: RedesignParams): string {
  return (params.firmStructure ? KEEP + FIRM_STRUCTURE : KEEP) + keptAreas(params);
}

/**
 * The areas the agent keeps (D17), by where they lie: the model cannot take a mask
 * (docs/providers.md), and their pixels are pasted back from the photo afterwards, so
 * what matters is that nothing is drawn in front of them.
 */
function keptAreas(params: RedesignParams): string {
  const places = [...new Set((params.keptAreas ?? []).map(placeOf))];
  if (places.length === 0) return "";
  const where = places.length === 1 ? places[0] : `${places.slice(0, -1).join(", ")} and ${places[places.length - 1]}`;
  return ` The ${places.length === 1 ? "area" : "areas"} at the ${where} of the photo ${places.length === 1 ? "is" : "are"} kept exactly from the original and restored from it afterwards: leave ${places.length === 1 ? "it" : "them"} unchanged and fully visible, with no furniture, plants, rugs or decor in front of ${places.length === 1 ? "it" : "them"}.`;
}

/** Instructions for an instruction-editing model (FLUX Kontext class): say what to change and what must stay. */
export function redesignPrompt(params: RedesignParams): string {
  const place = placeName(params.environment, params.roomType);
  const style = params.style ? `${words(params.style)} style` : "a tasteful contemporary style";
  const focus = params.maskPrompt ? ` Change only the ${params.maskPrompt}.` : "";
  switch (params.type) {
    case "staging":
      return `Furnish this empty ${place} with movable furniture, rugs and decor in ${style}, placed on the floor as a professional stager would.${focus} ${keep(params)} Photorealistic real-estate photo.`;
    case "redecorate":
      return `Replace the movable furniture and decor of this ${place} with new pieces in ${style}.${focus} ${keep(params)} Photorealistic real-estate photo.`;
    case "render":
      return `Turn this sketch of a ${place} into a photorealistic architectural render in ${style}, following its lines exactly.${focus} Keep the layout, walls, openings and perspective of the sketch.${params.firmStructure ? FIRM_STRUCTURE : ""}${keptAreas(params)}`;
    case "declutter":
      // What hangs on the walls stays: the structure check cannot tell a picture taken down
      // from a window or a wall light erased, and refuses both (docs/structure-check.md).
      return `Remove the clutter, personal items and movable furniture standing on the floor and on surfaces of this ${place}, leaving it clean and empty. Leave what hangs on the walls (pictures, mirrors, wall lights, shelves) where it is.${focus} ${keep(params)} Photorealistic real-estate photo.`;
    case "color_change":
      return `Repaint only the painted walls of this ${place} in ${params.color ?? "a fresh neutral colour"}, keeping their shading.${focus} Keep the floor, ceiling, trim, windows, doors, furniture, fixtures, camera angle and lighting exactly as they are.${keptAreas(params)}`;
  }
}

/**
 * Instructions for a multi-reference model: the first image is the room to stage; the
 * second is either the anchor's staged output (the same room from another view: match
 * its furniture and style) or an inspiration photo (match its look).
 */
export function referencePrompt(params: RedesignParams, sameRoom: boolean): string {
  const place = placeName(params.environment, params.roomType);
  const style = params.style ? `${words(params.style)} style` : "the same style";
  const reference = sameRoom
    ? "The second image shows the same room from another angle, already staged: use the same furniture pieces, materials, colours and decor, placed consistently with that view."
    : "The second image is an inspiration photo: match its furniture style, materials and colours.";
  return `Furnish the ${place} in the first image with movable furniture and decor in ${style}. ${reference} ${keep(params)} Output only the first image's view, photorealistic.`;
}

export function inpaintPrompt(params: InpaintParams): string {
  const place = placeName(params.renderType, params.roomType ?? (params.renderType === "interior" ? "room" : "house"));
  if (params.inpaintingType === "remove") {
    return `The ${place} with the masked area seamlessly filled by the surrounding floor, wall and background continuing naturally; no object there.`;
  }
  const style = params.style ? `${words(params.style)} style` : "a style matching the surroundings";
  return `The ${place} with the masked area filled by new furniture and decor in ${style}, photorealistic, matching light and perspective.`;
}

const VIDEO_MOTION: Record<VideoMode, string> = {
  zoom_in: "A slow, steady camera push-in toward the center of the room.",
  pan: "A smooth lateral camera pan across the room.",
  flyover: "A smooth cinematic drift forward with a gentle rise, like a drone flyover.",
  before_after: "A smooth transformation from the first frame into the last frame, camera still.",
  reveal: "A smooth camera move that gradually reveals the whole space.",
};

export function videoPrompt(mode: VideoMode): string {
  return `${VIDEO_MOTION[mode]} Real-estate video, stable architecture, no people, no text.`;
}

function placeName(environment: string, roomType: string): string {
  const room = words(roomType);
  return environment === "interior" ? room : `${words(environment)} ${room}`;
}

function words(label: string): string {
  return label.replace(/[_-]+/g, " ").trim();
}

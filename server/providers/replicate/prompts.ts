/**
 * Text prompts for the hosted generative models. The service's parameters (type, style,
 * room, color, mode) become plain English because that is the only steering most
 * hosted image and video models accept.
 */
import type { InpaintParams, RedesignParams, VideoMode } from "@/server/providers/types";

export const NEGATIVE_PROMPT =
  "blurry, distorted geometry, warped walls, low quality, lowres, watermark, text, logo, people, cartoon";

export function redesignPrompt(params: RedesignParams): string {
  const place = placeName(params.environment, params.roomType);
  const style = params.style ? `${words(params.style)} style` : "a tasteful contemporary style";
  const focus = params.maskPrompt ? ` Change only the ${params.maskPrompt}.` : "";
  const photo = " Photorealistic real-estate photograph, natural light, same camera angle and architecture.";
  switch (params.type) {
    case "staging":
      return `A ${place} professionally staged with furniture and decor in ${style}.${focus}${photo}`;
    case "redecorate":
      return `The same ${place} redecorated in ${style}, new furniture, textiles and decor.${focus}${photo}`;
    case "render":
      return `A finished, photorealistic architectural render of the ${place} in ${style}.${focus}${photo}`;
    case "declutter":
      return `The same ${place}, fully decluttered: clear surfaces, no personal items, no mess.${focus}${photo}`;
    case "color_change":
      return `The same ${place} with the walls painted ${params.color ?? "a fresh neutral color"}, everything else unchanged.${focus}${photo}`;
  }
}

export function inpaintPrompt(params: InpaintParams): string {
  const place = placeName(params.renderType, params.roomType ?? (params.renderType === "interior" ? "room" : "house"));
  if (params.inpaintingType === "remove") {
    return `The empty ${place} with the masked area seamlessly filled by the surrounding floor, wall and background; nothing there.`;
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

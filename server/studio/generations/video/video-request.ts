/**
 * The one mapping of a video input to the v1 POST /video body. Its output, without the
 * images' links (signed links expire), is what the generation stores as its params, with
 * the studio's references to the start and end images.
 */
import "server-only";
import type { z } from "zod";
import type { VideoRequestSchema } from "@/server/v1/schemas/media";
import { VIDEO_SECONDS } from "@/shared/vocabulary";
import type { ImageRef, StartVideoInput } from "./start-video.schema";

export type VideoParams = ReturnType<typeof videoRequest> & { image: ImageRef; tailImage: ImageRef | null };

export function videoRequest(input: StartVideoInput) {
  return { mode: input.mode, duration: VIDEO_SECONDS } satisfies Omit<z.input<typeof VideoRequestSchema>, "image_url" | "tail_image_url">;
}

/**
 * Which frames of a video show an altered image, and what it must be called. A video made
 * from a staged or edited result (the start or the end image of a before / after or a
 * reveal, or the only image of a camera move) carries that result's disclosure: the
 * studio burns the label into those frames when it stores the video, and every page that
 * shows the video names it (output-disclosure.ts reads `result.frames`).
 *
 * Timing: the offline provider's transitions run over the middle 60 % of the clip
 * (server/providers/local/video-filters.ts), so its end image appears from 20 % and its
 * start image is covered at 80 %. Another provider's timing is not known: the label then
 * stays on for the whole clip.
 */
import "server-only";
import { and, eq } from "drizzle-orm";
import { generationOutputs, generations } from "@/db/schema/studio-generations";
import { isGenerativeProvider } from "@/shared/disclosure";
import { VIDEO_SECONDS, type VideoMode } from "@/shared/vocabulary";
import type { StudioContext } from "../../context";
import { outputDisclosure } from "../output-disclosure";
import type { ImageRef } from "./start-video.schema";
import type { VideoParams } from "./video-request";

export interface AlteredFrames {
  label: string;
  windows: { from: number; to: number }[];
}

const TRANSITIONS: readonly VideoMode[] = ["before_after", "reveal"];

export async function alteredFrames(
  ctx: Pick<StudioContext, "db">,
  video: { workspaceId: string; params: Record<string, unknown>; provider: string | null },
): Promise<AlteredFrames | null> {
  const params = video.params as Partial<VideoParams>;
  const [start, end] = await Promise.all([
    labelOf(ctx, video.workspaceId, params.image),
    labelOf(ctx, video.workspaceId, params.tailImage),
  ]);
  if (!start && !end) return null;
  const whole = [{ from: 0, to: VIDEO_SECONDS }];
  const timed = !isGenerativeProvider(video.provider) && params.mode && TRANSITIONS.includes(params.mode);
  if (!timed || (start && end) || (start && !params.tailImage)) return { label: (start ?? end)!, windows: whole };
  return start
    ? { label: start, windows: [{ from: 0, to: VIDEO_SECONDS * 0.8 }] }
    : { label: end!, windows: [{ from: VIDEO_SECONDS * 0.2, to: VIDEO_SECONDS }] };
}

/** The disclosure label of a result used as a video image; null for a photo (unaltered). */
async function labelOf(ctx: Pick<StudioContext, "db">, workspaceId: string, ref: ImageRef | null | undefined): Promise<string | null> {
  if (!ref || ref.type !== "output") return null;
  const [row] = await ctx.db
    .select({ output: generationOutputs, generation: generations })
    .from(generationOutputs)
    .innerJoin(generations, eq(generations.id, generationOutputs.generationId))
    .where(and(eq(generationOutputs.id, ref.id), eq(generations.workspaceId, workspaceId)));
  if (!row) return null;
  const siblings = await ctx.db.select().from(generationOutputs).where(eq(generationOutputs.generationId, row.generation.id));
  return outputDisclosure(row.generation, row.output, siblings).label;
}

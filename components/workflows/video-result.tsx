import { DisclosureNote } from "./disclosure-note";
import { OutputActions } from "./output-actions";
import type { GenerationView } from "./types";

/** A video's progress from GET /video while rendering, then an inline player. */
export function VideoResult({ generation }: { generation: GenerationView }) {
  const video = generation.outputs[0];
  if (generation.status === "running") {
    const progress = generation.progress ?? 0;
    return (
      <div className="space-y-2">
        <div className="flex justify-between text-sm text-stone-700">
          <span>Rendering the video…</span>
          <span className="tabular-nums">{progress}%</span>
        </div>
        <div
          role="progressbar"
          aria-label="Video rendering progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="h-2 overflow-hidden rounded-full bg-stone-200"
        >
          <div
            className="h-full rounded-full bg-accent-600 transition-[width] duration-500"
            style={{ width: `${Math.max(2, progress)}%` }}
          />
        </div>
      </div>
    );
  }
  if (!video?.url) return null;
  return (
    <div className="space-y-2">
      <video
        src={video.url}
        poster={video.sourceResized?.displayUrl ?? video.sourceUrl ?? undefined}
        controls
        playsInline
        preload="metadata"
        className="aspect-video w-full max-w-2xl rounded-lg bg-stone-900"
        aria-label="Listing video"
      >
        <track kind="captions" />
      </video>
      <DisclosureNote disclosure={video.disclosure} />
      {video.disclosure.label && !video.disclosure.preview ? <p className="text-xs text-stone-700">{video.disclosure.remark}</p> : null}
      <OutputActions outputId={video.id} disclosureLabel={null} />
    </div>
  );
}

/**
 * The ffmpeg filter graph of each video mode, for the 2018 ffmpeg 4.1 of
 * @ffmpeg-installer (no xfade, no per-frame scale): motion comes from `crop` with a
 * moving x and from `zoompan`; transitions overlay a still through a moving alpha mask.
 * Per-pixel `blend` expressions are never used (measured 37–45 s at 1080p).
 */
import "server-only";
import type { VideoMode } from "@/shared/vocabulary";
import type { FrameSize } from "./video-stills";

export const FPS = 30;

/** Cosine ease-in-out of a 0..1 progress expression: motion starts and stops gently. */
function ease(progress: string): string {
  return `(0.5-0.5*cos(PI*${progress}))`;
}

/** Repeats a single decoded still as `frames` frames at FPS. */
function hold(frames: number): string {
  return `loop=loop=${frames - 1}:size=1:start=0,setpts=N/${FPS}/TB`;
}

/** Progress of a transition that runs over the middle 60% of the clip. */
function transitionProgress(frames: number, frameVariable: string): string {
  const start = Math.round(frames * 0.2);
  const end = Math.round(frames * 0.8);
  return `clip((${frameVariable}-${start})/${end - start},0,1)`;
}

function zoompan(frame: FrameSize, frames: number, zoom: string, x: string, y: string): string {
  return `zoompan=z='${zoom}':x='${x}':y='${y}':d=${frames}:s=${frame.width}x${frame.height}:fps=${FPS}`;
}

/**
 * The graph for `mode`, reading inputs in the order video-stills.ts prepares them and
 * ending in the label [v].
 */
export function filterGraph(mode: VideoMode, frame: FrameSize, frames: number): string {
  const along = (variable: string) => ease(`${variable}/${frames - 1}`);
  switch (mode) {
    case "zoom_in":
      return `[0:v]${zoompan(frame, frames, `1+0.3*${along("on")}`, "iw/2-iw/zoom/2", "ih/2-ih/zoom/2")},format=yuv420p[v]`;
    case "flyover": {
      // Starts slightly zoomed in so there is margin to drift across from the first frame.
      const zoom = `1.15+0.3*${along("on")}`;
      const x = `(iw-iw/zoom)*(0.1+0.8*${along("on")})`;
      const y = `(ih-ih/zoom)*(0.65-0.3*${along("on")})`;
      return `[0:v]${zoompan(frame, frames, zoom, x, y)},format=yuv420p[v]`;
    }
    case "pan":
      return `[0:v]${hold(frames)},crop=w=${frame.width}:h=${frame.height}:x='(iw-ow)*${along("n")}':y='(ih-oh)/2',format=yuv420p[v]`;
    case "before_after": {
      const maskX = `${frame.width}*(1-${ease(transitionProgress(frames, "n"))})`;
      return [
        `[0:v]${hold(frames)},format=yuv420p[base]`,
        `[1:v]${hold(frames)}[top]`,
        `[2:v]${hold(frames)},crop=w=${frame.width}:h=${frame.height}:x='${maskX}':y=0[mask]`,
        `[top][mask]alphamerge[masked]`,
        `[base][masked]overlay=x=0:y=0:format=yuv420,format=yuv420p[v]`,
      ].join(";");
    }
    case "reveal": {
      // The iris disc grows tenfold through zoompan while fading in, so it opens from the centre.
      const zoom = `1+9*${ease(transitionProgress(frames, "on"))}`;
      const fadeStart = (Math.round(frames * 0.2) / FPS).toFixed(3);
      return [
        `[0:v]${hold(frames)},format=yuv420p[base]`,
        `[1:v]${hold(frames)}[top]`,
        `[2:v]${zoompan(frame, frames, zoom, "iw/2-iw/zoom/2", "ih/2-ih/zoom/2")},format=gray,fade=t=in:st=${fadeStart}:d=0.4[mask]`,
        `[top][mask]alphamerge[masked]`,
        `[base][masked]overlay=x=0:y=0:format=yuv420,format=yuv420p[v]`,
      ].join(";");
    }
  }
}

/**
 * Runs the ffmpeg binary of @ffmpeg-installer/ffmpeg, turning its `-progress` reports
 * into 0..100 percentages and its failures into ProviderErrors. An abort kills ffmpeg,
 * and the promise settles only once the process has exited, so no encoder outlives it.
 */
import "server-only";
import { spawn } from "node:child_process";
import { ffmpegPath } from "@/server/media/ffmpeg";
import { ProviderError } from "@/server/providers/types";

export interface FfmpegRun {
  /** Expected output duration, to turn `out_time` into a percentage. */
  durationSeconds: number;
  onProgress?: (percent: number) => Promise<void> | void;
  signal?: AbortSignal;
}

const STDERR_TAIL = 4000;

/** Parses `out_time=HH:MM:SS.micro` (4.1's `out_time_ms` is really microseconds, so it is avoided). */
function outTimeSeconds(line: string): number | null {
  const match = /^out_time=(\d+):(\d+):(\d+(?:\.\d+)?)$/.exec(line.trim());
  return match ? Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]) : null;
}

function abortedError(signal: AbortSignal): ProviderError {
  const timeout = (signal.reason as Error | undefined)?.name === "TimeoutError";
  return new ProviderError(timeout ? "Video rendering timed out." : "Video rendering was canceled.", {
    transient: true,
    timeout,
    cause: signal.reason,
  });
}

export async function runFfmpeg(args: string[], run: FfmpegRun): Promise<void> {
  const { signal } = run;
  if (signal?.aborted) throw abortedError(signal);

  let reported = -1;
  let progressChain: Promise<void> = Promise.resolve();
  const report = (percent: number) => {
    if (!run.onProgress || percent <= reported) return;
    reported = percent;
    const onProgress = run.onProgress;
    // Progress is advisory: a failing callback (e.g. a status write) must not stop the render.
    progressChain = progressChain.then(() => onProgress(percent)).catch(() => undefined);
  };

  const child = spawn(ffmpegPath(), ["-hide_banner", "-nostats", "-loglevel", "error", "-progress", "pipe:1", ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL);
  });
  let pending = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    const lines = (pending + chunk).split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      const seconds = outTimeSeconds(line);
      // 100 is kept for the moment the file is complete, after ffmpeg exits cleanly.
      if (seconds !== null) report(Math.min(99, Math.floor((seconds / run.durationSeconds) * 100)));
    }
  });

  const kill = () => child.kill("SIGKILL");
  signal?.addEventListener("abort", kill, { once: true });
  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: Error }>((resolve) => {
    child.once("error", (error) => resolve({ code: null, signal: null, error }));
    child.once("close", (code, exitSignal) => resolve({ code, signal: exitSignal }));
  });
  signal?.removeEventListener("abort", kill);

  if (signal?.aborted) {
    await progressChain;
    throw abortedError(signal);
  }
  if (exit.error) throw new ProviderError("The video encoder could not be started.", { transient: false, cause: exit.error });
  if (exit.signal) {
    throw new ProviderError("The video encoder was stopped before it finished.", { transient: true, cause: new Error(stderr) });
  }
  if (exit.code !== 0) {
    throw new ProviderError(`Video rendering failed (encoder exit code ${exit.code}).`, { transient: false, cause: new Error(stderr) });
  }
  report(100);
  await progressChain;
}

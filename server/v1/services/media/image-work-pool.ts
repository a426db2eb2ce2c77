/**
 * One pool per instance for the image work done inside requests (inpaint, upscale,
 * property description): fetching and decoding the sources, the provider call, storing
 * the outputs. Its size comes from settings (by default from the cores and the memory
 * budget, at about 450 MB for a 12 MP image's peak), so peak memory stays bounded
 * however many requests arrive. A request beyond it waits up to
 * V1_SYNC_QUEUE_TIMEOUT_MS, then is refused with 503 `server_busy` and Retry-After,
 * before anything is charged.
 */
import "server-only";
import os from "node:os";
import { E_TIMEOUT, Semaphore, withTimeout, type SemaphoreInterface } from "async-mutex";
import { env } from "@/env";
import { AppError } from "@/server/errors";

/** Peak memory of one in-request image job: a 4000×3000 upscale (bench/findings.md). */
const JOB_PEAK_MB = 450;

export function imageWorkPoolSize(): number {
  if (env.V1_SYNC_POOL_SIZE > 0) return env.V1_SYNC_POOL_SIZE;
  const budgetMb = env.V1_SYNC_POOL_MEMORY_MB || Math.floor((os.totalmem() / 2 ** 20) * 0.5);
  return Math.max(1, Math.min(os.availableParallelism(), Math.floor(budgetMb / JOB_PEAK_MB)));
}

const holder = globalThis as unknown as { __atriumImagePool?: SemaphoreInterface };

function pool(): SemaphoreInterface {
  holder.__atriumImagePool ??= withTimeout(new Semaphore(imageWorkPoolSize()), env.V1_SYNC_QUEUE_TIMEOUT_MS);
  return holder.__atriumImagePool;
}

/** Seconds a refused client should wait: about one job's time. */
export const IMAGE_POOL_RETRY_AFTER_SECONDS = 5;

export async function withImageWorkSlot<T>(work: () => Promise<T>): Promise<T> {
  let release: () => void;
  try {
    [, release] = await pool().acquire();
  } catch (error) {
    if (error === E_TIMEOUT) throw new AppError("server_busy");
    throw error;
  }
  try {
    return await work();
  } finally {
    release();
  }
}

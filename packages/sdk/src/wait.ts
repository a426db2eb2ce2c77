import { AtriumApiError } from "./errors.ts";

export interface WaitOptions {
  /** Time between reads. Default 2 s. */
  intervalMs?: number;
  /** Give up after this long with AtriumApiError `wait_timeout`. Default 10 minutes. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** Reads until `done` holds, pausing between reads; every read's failure is the caller's (the client already retried it). */
export async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, options: WaitOptions = {}): Promise<T> {
  const intervalMs = options.intervalMs ?? 2_000;
  const deadline = Date.now() + (options.timeoutMs ?? 600_000);
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() + intervalMs > deadline) {
      throw new AtriumApiError({ status: 0, code: "wait_timeout", message: `${what} was still processing after ${options.timeoutMs ?? 600_000} ms.` });
    }
    await new Promise<void>((resolve, reject) => {
      const signal = options.signal;
      if (signal?.aborted) return reject(signal.reason);
      const timer = setTimeout(resolve, intervalMs);
      signal?.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
    });
  }
}

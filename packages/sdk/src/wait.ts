import { AtriumApiError } from "./errors.ts";
import { sleep } from "./transport.ts";

export interface WaitOptions {
  /** Time between reads. Default 2 s. */
  intervalMs?: number;
  /** Give up after this long with AtriumApiError `wait_timeout`. Default 10 minutes. */
  timeoutMs?: number;
  /** Ends the wait (and the read in flight) with AtriumApiError `aborted`. */
  signal?: AbortSignal;
}

/** Reads until `done` holds, pausing between reads; every read's failure is the caller's (the client already retried it). */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  options: WaitOptions = {},
): Promise<T> {
  const intervalMs = options.intervalMs ?? 2_000;
  const deadline = Date.now() + (options.timeoutMs ?? 600_000);
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() + intervalMs > deadline) {
      throw new AtriumApiError({
        status: 0,
        code: "wait_timeout",
        message: `${what} was still processing after ${options.timeoutMs ?? 600_000} ms.`,
      });
    }
    await sleep(intervalMs, options.signal);
  }
}

/**
 * The single local executor of this process, started by instrumentation.ts when no
 * Inngest server is configured. Kept on globalThis so Next's module reloading in
 * development does not start a second one.
 */
import { env } from "@/env";
import { LocalExecutor, type ExecutorOptions } from "./executor";

export { LocalExecutor, type ExecutorOptions } from "./executor";
export { cancelRuns, type RunMatch } from "./cancel";
export { UnsupportedFunctionConfigError } from "./registry";

const globalCache = globalThis as unknown as { __atriumExecutor?: LocalExecutor };

export async function startLocalExecutor(options: ExecutorOptions): Promise<LocalExecutor> {
  if (globalCache.__atriumExecutor) return globalCache.__atriumExecutor;
  const executor = new LocalExecutor({
    concurrency: env.LOCAL_EXECUTOR_CONCURRENCY,
    leaseSeconds: env.LOCAL_EXECUTOR_LEASE_SECONDS,
    ...options,
  });
  globalCache.__atriumExecutor = executor;
  try {
    await executor.start();
  } catch (err) {
    globalCache.__atriumExecutor = undefined;
    await executor.stop({ graceful: false });
    throw err;
  }
  return executor;
}

export async function stopLocalExecutor(): Promise<void> {
  const executor = globalCache.__atriumExecutor;
  globalCache.__atriumExecutor = undefined;
  await executor?.stop();
}

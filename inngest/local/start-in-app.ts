/**
 * Start of the local executor inside the Next server (called from instrumentation.ts
 * in the nodejs runtime). Runs in the background: register() must return before the
 * server listens, and the executor keeps retrying discovery until /api/inngest answers.
 * A function configuration it cannot honour stops the process rather than being ignored.
 */
import { env, usesInngestServer } from "@/env";
import { startLocalExecutor, stopLocalExecutor, UnsupportedFunctionConfigError } from "./index";
import { logError } from "@/server/log";

export function startExecutorInApp(): void {
  if (usesInngestServer(env)) return;
  if (env.VERCEL) {
    throw new Error(
      "INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY must be set on Vercel: the local executor cannot run in serverless functions.",
    );
  }
  startLocalExecutor({ serveUrl: `http://127.0.0.1:${env.PORT}/api/inngest` }).then(
    () => console.log("[executor] local executor started"),
    (err) => {
      logError("[executor] local executor did not start:", err);
      if (err instanceof UnsupportedFunctionConfigError) process.exit(1);
    },
  );
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      void stopLocalExecutor().finally(() => process.exit(0));
    });
  }
}

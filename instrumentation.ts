/**
 * Next calls register() once per server process before it starts listening. Without
 * an Inngest server configured, the local executor starts here, in the background: it
 * keeps retrying discovery until the app's /api/inngest endpoint answers. A function
 * configuration it cannot honour stops the process rather than being ignored.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { env, usesInngestServer } = await import("./env");
  if (usesInngestServer(env)) return;
  const { startLocalExecutor, stopLocalExecutor, UnsupportedFunctionConfigError } = await import("./inngest/local");
  startLocalExecutor({ serveUrl: `http://127.0.0.1:${env.PORT}/api/inngest` }).then(
    () => console.log("[executor] local executor started"),
    (err) => {
      console.error("[executor] local executor did not start:", err);
      if (err instanceof UnsupportedFunctionConfigError) process.exit(1);
    },
  );
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      void stopLocalExecutor().finally(() => process.exit(0));
    });
  }
}

/**
 * Next calls register() once per server process, before it listens. In the nodejs
 * runtime, without an Inngest server configured, it starts the local executor.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startExecutorInApp } = await import("./inngest/local/start-in-app");
    startExecutorInApp();
  }
}

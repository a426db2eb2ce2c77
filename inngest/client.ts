/**
 * The Inngest client of Atrium. With an Inngest server configured (Cloud keys or
 * INNGEST_BASE_URL / INNGEST_DEV) the SDK reads its settings from the environment as
 * usual. Otherwise it is pointed at the local executor before construction (the SDK
 * reads its options once): signed mode with a generated key, and events sent to the
 * app's /api/inngest/local/ route, short-circuited in process (see local/local-fetch.ts).
 * On Vercel the local executor cannot run (instrumentation.ts refuses to start without
 * the Inngest keys), so the local key file is never written to the read-only disk there.
 * Branch environments for previews: the SDK reads INNGEST_ENV, else VERCEL_GIT_COMMIT_REF.
 */
import { Inngest } from "inngest";
import { safeLogger } from "@/server/log";
import { env, usesInngestServer } from "@/env";
import { localEventKey, localSigningKey } from "./local/keys";
import { localEventBaseUrl, localFetch } from "./local/local-fetch";

export const APP_ID = "atrium";

function localOptions() {
  return {
    isDev: false,
    signingKey: localSigningKey(),
    eventKey: localEventKey(),
    baseUrl: localEventBaseUrl(),
    fetch: localFetch,
  };
}

export const inngest = new Inngest({
  id: APP_ID,
  // Step errors can carry query parameters; the SDK logs them through this summarizer.
  logger: safeLogger,
  internalLogger: safeLogger,
  ...(usesInngestServer(env) || env.VERCEL ? {} : localOptions()),
});

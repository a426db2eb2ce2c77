/**
 * Where the client sends events in local mode. The event base URL is the app's
 * /api/inngest/local/ route (the trailing slash matters: the SDK resolves `e/<key>`
 * against it), so other processes can post events over HTTP. Sends from inside a
 * process that runs Atrium's code are handed to ingestEvents directly by this fetch,
 * which also works before the server listens (start-up, the CLI, tests).
 */
import { env } from "@/env";
import { isLocalEventKey } from "./keys";

export function localEventBaseUrl(): string {
  const origin = env.APP_URL ?? `http://127.0.0.1:${env.PORT}`;
  return new URL("/api/inngest/local/", origin).href;
}

/** The response the SDK expects from an event API (components/Inngest.js, _send). */
export async function receiveEvents(eventKey: string, body: unknown): Promise<Response> {
  if (!isLocalEventKey(eventKey)) return Response.json({ error: "unknown event key", status: 401 }, { status: 401 });
  const { ingestEvents } = await import("./ingest");
  try {
    return Response.json({ ids: await ingestEvents(body), status: 200 });
  } catch (err) {
    return Response.json({ error: err instanceof Error ? err.message : String(err), status: 400 }, { status: 400 });
  }
}

export const localFetch: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const base = new URL(localEventBaseUrl());
  const prefix = `${base.pathname}e/`;
  if (url.origin !== base.origin || !url.pathname.startsWith(prefix)) return fetch(input, init);
  const body = init?.body ?? (input instanceof Request ? await input.text() : "[]");
  return receiveEvents(decodeURIComponent(url.pathname.slice(prefix.length)), JSON.parse(String(body)));
};

import { usesInngestServer } from "@/env";
import { receiveEvents } from "@/inngest/local/local-fetch";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The local executor's event API (`<event base url>/e/<event key>`), for senders in other processes. */
export async function POST(request: Request, { params }: { params: Promise<{ key: string }> }) {
  // With an Inngest server configured there is no local executor to receive events.
  if (usesInngestServer()) return new Response(null, { status: 404 });
  const { key } = await params;
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return Response.json({ error: "body must be a JSON array of events", status: 400 }, { status: 400 });
  }
  return receiveEvents(key, body);
}

import { receiveEvents } from "@/inngest/local/local-fetch";

/** The local executor's event API (`<event base url>/e/<event key>`), for senders in other processes. */
export async function POST(request: Request, { params }: { params: Promise<{ key: string }> }) {
  const { key } = await params;
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return Response.json({ error: "body must be a JSON array of events", status: 400 }, { status: 400 });
  }
  return receiveEvents(key, body);
}

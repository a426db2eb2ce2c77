/**
 * Publishing a project's listing page as the studio does: read the draft (its
 * fingerprint is what the person reviewed), then publish it.
 */
import type { Caller } from "./callers";

export async function publishDraft(
  api: Caller,
  scope: { workspaceId: string; projectId: string },
  requestId: string = crypto.randomUUID(),
) {
  const { fingerprint } = await api.listings.show(scope);
  const published = await api.listings.publish({ ...scope, reviewed: fingerprint, requestId });
  return { ...published, path: published.path! };
}

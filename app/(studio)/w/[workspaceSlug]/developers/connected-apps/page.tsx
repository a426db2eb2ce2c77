import type { Metadata } from "next";
import { ConnectedAppsPanel } from "@/components/developers/connected-apps-panel";
import { orNotFound, serverApi } from "@/server/trpc/server-caller";
import { orUnmanaged, Unmanaged } from "../managed";

export const metadata: Metadata = { title: "Connected apps" };

export default async function ConnectedAppsPage({ params }: { params: Promise<{ workspaceSlug: string }> }) {
  const api = await serverApi();
  const workspace = await orNotFound(api.workspaces.bySlug({ slug: (await params).workspaceSlug }));
  const apps = await orUnmanaged(api.developers.connectedApps({ workspaceId: workspace.id }));
  if (!apps) return <Unmanaged />;
  return <ConnectedAppsPanel apps={apps} />;
}

import { Webhook } from "lucide-react";
import type { Metadata } from "next";
import { EndpointList } from "@/components/developers/endpoint-list";
import { EmptyState } from "@/components/ui/empty-state";
import { orNotFound, serverApi } from "@/server/trpc/server-caller";
import { orUnmanaged, Unmanaged } from "../managed";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage({ params }: { params: Promise<{ workspaceSlug: string }> }) {
  const api = await serverApi();
  const workspace = await orNotFound(api.workspaces.bySlug({ slug: (await params).workspaceSlug }));
  const webhooks = await orUnmanaged(api.developers.webhooks({ workspaceId: workspace.id }));
  if (!webhooks) return <Unmanaged />;
  if (!webhooks.enabled) {
    return (
      <EmptyState
        icon={Webhook}
        title="Webhooks are off on this deployment"
        description="Poll the status routes instead (GET /jobs/{id}, GET /video, GET /multiview), or ask your Atrium operator to turn webhooks on (V1_WEBHOOKS_ENABLED)."
      />
    );
  }
  return <EndpointList endpoints={webhooks.endpoints} />;
}

import { Webhook } from "lucide-react";
import type { Metadata } from "next";
import { EndpointList } from "@/components/developers/endpoint-list";
import { EmptyState } from "@/components/ui/empty-state";
import { env } from "@/env";
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
  return (
    <>
      {env.V1_WEBHOOK_LOOPBACK ? (
        <p role="note" className="mb-4 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          Development server: endpoints on this machine (<code className="font-mono">http://localhost:…</code>,{" "}
          <code className="font-mono">127.0.0.1</code>) are accepted here, so a receiver you run next to{" "}
          <code className="font-mono">npm run dev</code> gets deliveries (<code className="font-mono">V1_WEBHOOK_LOOPBACK</code>). A
          deployment refuses them and takes https addresses on the public internet only.
        </p>
      ) : null}
      <EndpointList endpoints={webhooks.endpoints} />
    </>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { EndpointDetail } from "@/components/developers/endpoint-detail";
import { orNotFound, serverApi } from "@/server/trpc/server-caller";
import { orUnmanaged, Unmanaged } from "../../managed";

export const metadata: Metadata = { title: "Webhook endpoint" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function EndpointPage({ params }: { params: Promise<{ workspaceSlug: string; endpointId: string }> }) {
  const { workspaceSlug, endpointId } = await params;
  if (!UUID.test(endpointId)) notFound();
  const api = await serverApi();
  const workspace = await orNotFound(api.workspaces.bySlug({ slug: workspaceSlug }));
  const webhooks = await orUnmanaged(api.developers.webhooks({ workspaceId: workspace.id, endpointId }));
  if (!webhooks) return <Unmanaged />;
  const [endpoint] = webhooks.endpoints;
  if (!endpoint) notFound();
  return (
    <>
      <Link
        href={`/w/${workspaceSlug}/developers/webhooks`}
        className="text-sm font-medium text-accent-700 underline-offset-2 hover:underline"
      >
        ← All endpoints
      </Link>
      <EndpointDetail endpoint={endpoint} />
    </>
  );
}

import type { Metadata } from "next";
import { Suspense } from "react";
import { RequestLog } from "@/components/developers/request-log";
import { Panel } from "@/components/ui/card";
import { V1_ROUTES } from "@/server/v1/routes";
import { orNotFound, serverApi } from "@/server/trpc/server-caller";
import { DEVELOPER_LOG_DAYS } from "@/shared/vocabulary";
import { orUnmanaged, Unmanaged } from "../managed";

export const metadata: Metadata = { title: "Request log" };

export default async function RequestLogPage({ params }: { params: Promise<{ workspaceSlug: string }> }) {
  const api = await serverApi();
  const workspace = await orNotFound(api.workspaces.bySlug({ slug: (await params).workspaceSlug }));
  const keys = await orUnmanaged(api.developers.keys({ workspaceId: workspace.id }));
  if (!keys) return <Unmanaged />;
  const routes = [...new Set(V1_ROUTES.map((route) => route.path))];
  return (
    <Panel
      title="Request log"
      description={`Every call made with this workspace's keys over the last ${DEVELOPER_LOG_DAYS} days: no bodies, headers or secrets. Quote a request id when you ask for help.`}
    >
      <Suspense>
        <RequestLog keys={keys.map((key) => ({ id: key.id, label: `${key.name} (${key.prefix}…)` }))} routes={routes} />
      </Suspense>
    </Panel>
  );
}

"use client";
import { Plus, Webhook } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Panel } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { MAX_WEBHOOK_ENDPOINTS } from "@/shared/vocabulary";
import { EndpointFormDialog } from "./endpoint-form-dialog";
import { EndpointStatus, type EndpointView } from "./endpoint-status";

/** The workspace account's webhook endpoints, each linking to its delivery log. */
export function EndpointList({ endpoints }: { endpoints: EndpointView[] }) {
  const workspace = useWorkspace();
  const [adding, setAdding] = useState(false);
  const full = endpoints.length >= MAX_WEBHOOK_ENDPOINTS;
  return (
    <Panel
      title="Webhook endpoints"
      description={`Where Atrium sends job.completed and job.failed, signed with each endpoint's own secret. At most ${MAX_WEBHOOK_ENDPOINTS}.`}
      actions={
        <Button onClick={() => setAdding(true)} disabled={full} title={full ? "Delete an endpoint first" : undefined}>
          <Plus className="size-4" aria-hidden="true" />
          Add endpoint
        </Button>
      }
    >
      <EndpointFormDialog open={adding} onClose={() => setAdding(false)} />
      {endpoints.length === 0 ? (
        <EmptyState
          icon={Webhook}
          title="No endpoints yet"
          description="Add your server's URL to hear about finished work instead of polling. Send it a test event right after."
        />
      ) : (
        <ul className="divide-y divide-stone-200" aria-label="Webhook endpoints">
          {endpoints.map((endpoint) => (
            <li key={endpoint.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-4">
              <div className="min-w-0 flex-1 basis-64 space-y-1">
                <p className="break-all font-mono text-sm font-medium text-stone-900">{endpoint.url}</p>
                {endpoint.description ? <p className="text-sm text-stone-600">{endpoint.description}</p> : null}
                <p className="flex flex-wrap items-center gap-2">
                  <EndpointStatus endpoint={endpoint} />
                  {endpoint.eventTypes.map((type) => (
                    <Badge key={type}>{type}</Badge>
                  ))}
                </p>
              </div>
              <Link
                href={`/w/${workspace.slug}/developers/webhooks/${endpoint.id}`}
                className="text-sm font-medium text-accent-700 underline-offset-2 hover:underline"
                aria-label={`Deliveries and settings of ${endpoint.url}`}
              >
                Deliveries and settings
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import { Badge } from "@/components/ui/badge";
import { Panel } from "@/components/ui/card";
import { DeliveryLog } from "./delivery-log";
import { EndpointActions } from "./endpoint-actions";
import { EndpointStatus, type EndpointView } from "./endpoint-status";
import { Time } from "./time";

/** One endpoint: its settings and actions, then its delivery log. */
export function EndpointDetail({ endpoint }: { endpoint: EndpointView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refreshLog = () => setTimeout(() => void queryClient.invalidateQueries({ queryKey: trpc.developers.deliveries.pathKey() }), 800);
  return (
    <>
      <Panel title={<span className="break-all font-mono">{endpoint.url}</span>} description={endpoint.description || undefined}>
        <div className="space-y-4">
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-stone-600">Status</dt>
              <dd className="mt-1 space-y-1">
                <EndpointStatus endpoint={endpoint} />
                {endpoint.disabledAt ? (
                  <p className="text-xs text-stone-700">
                    Since <Time date={endpoint.disabledAt} />. {endpoint.disabledReason}
                  </p>
                ) : null}
              </dd>
            </div>
            <div>
              <dt className="text-stone-600">Events</dt>
              <dd className="mt-1 flex flex-wrap gap-2">
                {endpoint.eventTypes.map((type) => (
                  <Badge key={type}>{type}</Badge>
                ))}
              </dd>
            </div>
            <div>
              <dt className="text-stone-600">Added</dt>
              <dd className="mt-1">
                <Time date={endpoint.createdAt} /> by {endpoint.createdBy}
                {endpoint.heldBy ? `, now held by ${endpoint.heldBy}` : null}
              </dd>
            </div>
            {endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > new Date() ? (
              <div>
                <dt className="text-stone-600">Secret rotation</dt>
                <dd className="mt-1">
                  The previous secret also signs until <Time date={endpoint.previousSecretExpiresAt} />
                </dd>
              </div>
            ) : null}
          </dl>
          <EndpointActions endpoint={endpoint} onTestSent={refreshLog} />
        </div>
      </Panel>
      <section aria-labelledby="deliveries-heading" className="space-y-3">
        <h2 id="deliveries-heading" className="text-base font-semibold text-stone-900">
          Deliveries
        </h2>
        <DeliveryLog endpointId={endpoint.id} canRedeliver={!endpoint.disabledAt} />
      </section>
    </>
  );
}

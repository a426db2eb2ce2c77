"use client";
import { useInfiniteQuery, useMutation } from "@tanstack/react-query";
import { Inbox } from "lucide-react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState, ErrorState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import type { DeliveryState } from "@/shared/vocabulary";
import { Time } from "./time";

const STATE: Record<DeliveryState, { label: string; tone: BadgeTone }> = {
  pending: { label: "Retrying", tone: "warning" },
  delivered: { label: "Delivered", tone: "success" },
  failed: { label: "Failed", tone: "danger" },
};

/**
 * One endpoint's deliveries, newest first, refreshed every few seconds: each event's
 * state, attempts and next retry, every attempt's answer (status, latency, the first
 * 1 KB) and a Redeliver button.
 */
export function DeliveryLog({ endpointId, canRedeliver }: { endpointId: string; canRedeliver: boolean }) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const toast = useToast();
  const log = useInfiniteQuery({
    ...trpc.developers.deliveries.infiniteQueryOptions(
      { workspaceId: workspace.id, endpointId },
      { getNextPageParam: (page) => page.next ?? undefined },
    ),
    refetchInterval: 3000,
  });
  const redeliver = useMutation(
    trpc.developers.redeliver.mutationOptions({
      onSuccess: () => {
        toast("Redelivering: the attempt shows here in a moment.");
        setTimeout(() => void log.refetch(), 1000);
      },
      onError: (error) => toast(errorMessage(error), "error"),
    }),
  );
  const rows = log.data?.pages.flatMap((page) => page.rows) ?? [];

  if (log.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading deliveries" />
      </div>
    );
  }
  if (log.isError)
    return <ErrorState message={errorMessage(log.error)} action={<Button onClick={() => void log.refetch()}>Try again</Button>} />;
  if (rows.length === 0) {
    return (
      <EmptyState
        icon={Inbox}
        title="Nothing sent yet"
        description="Deliveries of this endpoint's events, and test events, appear here with every attempt."
      />
    );
  }
  return (
    <div className="space-y-4">
      <ul className="space-y-3" aria-label="Deliveries">
        {rows.map((delivery) => (
          <li key={delivery.id} className="rounded-xl bg-white p-4 ring-1 ring-stone-200" data-testid="delivery">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-center gap-2">
                  <Badge tone={STATE[delivery.status].tone}>{STATE[delivery.status].label}</Badge>
                  <code className="font-mono text-sm font-medium text-stone-900">{delivery.eventType}</code>
                </p>
                <p className="break-all text-xs text-stone-600">
                  webhook-id <code className="select-all font-mono text-stone-800">{delivery.eventId}</code>
                </p>
                <p className="text-xs text-stone-600">
                  {delivery.attempts} attempt{delivery.attempts === 1 ? "" : "s"}
                  {delivery.lastResponseStatus ? `, last answered ${delivery.lastResponseStatus}` : ""} · created{" "}
                  <Time date={delivery.createdAt} />
                  {delivery.status === "pending" && delivery.nextAttemptAt ? (
                    <>
                      {" "}
                      · next retry <Time date={delivery.nextAttemptAt} />
                    </>
                  ) : null}
                </p>
              </div>
              {canRedeliver ? (
                <Button
                  variant="secondary"
                  size="sm"
                  loading={redeliver.isPending && redeliver.variables?.deliveryId === delivery.id}
                  onClick={() => redeliver.mutate({ workspaceId: workspace.id, deliveryId: delivery.id })}
                >
                  Redeliver
                </Button>
              ) : null}
            </div>
            {delivery.attemptLog.length > 0 ? (
              <details className="mt-3 text-sm">
                <summary className="cursor-pointer font-medium text-accent-700">Attempts</summary>
                <ol className="mt-2 space-y-3">
                  {delivery.attemptLog.map((attempt, index) => (
                    <li key={index} className="border-l-2 border-stone-200 pl-3" data-testid="attempt">
                      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-stone-700">
                        <Badge tone={attempt.error ? "danger" : "success"}>{attempt.responseStatus ?? "no answer"}</Badge>
                        <Time date={attempt.at} />
                        <span className="tabular-nums">{attempt.latencyMs} ms</span>
                        <span>{attempt.trigger === "manual" ? "Redelivered by hand" : "Scheduled"}</span>
                      </p>
                      {attempt.error ? <p className="mt-1 text-xs text-red-800">{attempt.error}</p> : null}
                      {attempt.responseExcerpt ? (
                        <pre className="mt-1 max-h-40 overflow-auto whitespace-pre-wrap break-all rounded-md bg-stone-100 p-2 font-mono text-xs text-stone-800">
                          {attempt.responseExcerpt}
                        </pre>
                      ) : null}
                    </li>
                  ))}
                </ol>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
      {log.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>
            Show older deliveries
          </Button>
        </div>
      ) : null}
    </div>
  );
}

"use client";
import { useInfiniteQuery } from "@tanstack/react-query";
import { ListX, RefreshCw } from "lucide-react";
import { useMemo, useState } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState, ErrorState } from "@/components/ui/empty-state";
import { SelectField } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { useUrlParam } from "@/components/ui/use-url-param";
import { STATUS_CLASSES, type StatusClass } from "@/shared/vocabulary";
import { Time } from "./time";

const PERIODS = [
  { value: "1h", label: "Last hour", ms: 3600_000 },
  { value: "24h", label: "Last 24 hours", ms: 24 * 3600_000 },
  { value: "7d", label: "Last 7 days", ms: 7 * 24 * 3600_000 },
];

function statusTone(status: number): BadgeTone {
  if (status >= 500) return "danger";
  if (status >= 400) return "warning";
  return "success";
}

/**
 * The account's request log (D16), newest first, filtered by key, status class, route and
 * period (kept in the address, so a reload or a shared link shows the same view). It
 * opens on the workspace's own calls; the studio's internal key's are one checkbox away. It
 * refreshes itself every few seconds: rows arrive within about a second of the call.
 */
export function RequestLog({ keys, routes }: { keys: { id: string; label: string }[]; routes: string[] }) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const [keyId, setKeyId] = useUrlParam("key");
  const [status, setStatus] = useUrlParam("status");
  const [route, setRoute] = useUrlParam("route");
  const [period, setPeriod] = useUrlParam("period");
  // The studio's pages call the service all the time with its own key: those calls are a filter away, not the log's first screen.
  const [studio, setStudio] = useUrlParam("studio");
  // Held here as well: the address catches up a render later, and a controlled box would spring back meanwhile.
  const [studioCalls, setStudioCalls] = useState(studio === "shown");
  // The window's start is fixed when the period is chosen, so the query stays the same while it refreshes.
  const [chosenAt, setChosenAt] = useState(() => Date.now());
  const from = useMemo(() => {
    const ms = PERIODS.find((p) => p.value === period)?.ms;
    return ms ? new Date(chosenAt - ms) : undefined;
  }, [period, chosenAt]);
  const filters = {
    workspaceId: workspace.id,
    keyId: keyId ?? undefined,
    studioCalls,
    statusClass: (STATUS_CLASSES as readonly string[]).includes(status ?? "") ? (status as StatusClass) : undefined,
    route: route ?? undefined,
    from,
  };
  const log = useInfiniteQuery({
    ...trpc.developers.requests.infiniteQueryOptions(filters, { getNextPageParam: (page) => page.next ?? undefined }),
    refetchInterval: 5000,
  });
  const rows = log.data?.pages.flatMap((page) => page.rows) ?? [];
  const select = (setter: (value: string | null) => void) => (event: React.ChangeEvent<HTMLSelectElement>) =>
    setter(event.target.value || null);

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label="Key"
          value={keyId ?? ""}
          onChange={select(setKeyId)}
          options={[{ value: "", label: "All keys" }, ...keys.map((k) => ({ value: k.id, label: k.label }))]}
        />
        <SelectField
          label="Status"
          value={status ?? ""}
          onChange={select(setStatus)}
          options={[{ value: "", label: "Any status" }, ...STATUS_CLASSES.map((c) => ({ value: c, label: c }))]}
        />
        <SelectField
          label="Route"
          value={route ?? ""}
          onChange={select(setRoute)}
          options={[{ value: "", label: "All routes" }, ...routes.map((r) => ({ value: r, label: r }))]}
        />
        <SelectField
          label="Period"
          value={period ?? ""}
          onChange={(event) => {
            setChosenAt(Date.now());
            setPeriod(event.target.value || null);
          }}
          options={[{ value: "", label: "Last 30 days (all kept)" }, ...PERIODS.map((p) => ({ value: p.value, label: p.label }))]}
        />
      </div>
      <label className="inline-flex items-center gap-2 text-sm text-stone-700">
        <input
          type="checkbox"
          checked={studioCalls}
          onChange={(event) => {
            setStudioCalls(event.target.checked);
            setStudio(event.target.checked ? "shown" : null);
          }}
          className="size-4 accent-accent-600"
        />
        Show the studio&apos;s own calls
        <span className="text-stone-600">(made with the internal key as your team works)</span>
      </label>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-stone-600">
        <p aria-live="polite">
          {log.isFetching ? "Refreshing…" : `${rows.length}${log.hasNextPage ? "+" : ""} request${rows.length === 1 ? "" : "s"}`}
        </p>
        <Button variant="secondary" size="sm" onClick={() => void log.refetch()} loading={log.isRefetching}>
          <RefreshCw className="size-4" aria-hidden="true" />
          Refresh
        </Button>
      </div>

      {log.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading the request log" />
        </div>
      ) : log.isError ? (
        <ErrorState message={errorMessage(log.error)} action={<Button onClick={() => void log.refetch()}>Try again</Button>} />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={ListX}
          title="No requests here"
          description={
            studioCalls
              ? "Calls made with this workspace's keys appear here within a second or two. Requests without a valid key are not logged."
              : "Calls made with your keys appear here within a second or two. Requests without a valid key are not logged; the studio's own calls are shown with the box above."
          }
        />
      ) : (
        <ul className="divide-y divide-stone-200 rounded-xl bg-white ring-1 ring-stone-200" aria-label="Requests">
          {rows.map((row) => (
            <li key={row.id} className="space-y-1 px-4 py-3 text-sm" data-testid="request-row">
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Badge tone={statusTone(row.status)}>{row.status}</Badge>
                <span className="font-mono font-medium text-stone-900">
                  {row.method} {row.route}
                </span>
                <span className="tabular-nums text-stone-600">{row.latencyMs} ms</span>
                {row.errorCode ? <code className="font-mono text-xs text-red-800">{row.errorCode}</code> : null}
              </p>
              <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-stone-600">
                <Time date={row.at} />
                <span>
                  {row.keyName ?? "Former key"} <span className="font-mono">{row.keyPrefix}…</span>
                </span>
                <span className="break-all">
                  Request id <code className="select-all font-mono text-stone-800">{row.requestId}</code>
                </span>
                {row.idempotencyKey ? (
                  <span className="break-all">
                    Idempotency-Key <code className="font-mono text-stone-800">{row.idempotencyKey}</code>
                  </span>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      )}
      {log.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>
            Show older requests
          </Button>
        </div>
      ) : null}
    </div>
  );
}

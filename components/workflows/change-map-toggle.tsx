"use client";
import { useQuery } from "@tanstack/react-query";
import { Layers } from "lucide-react";
import { useState } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui";

/** A zone the structure check asked a person to look at, where it lies in the output (fractions of its frame). */
export interface MarkedZone {
  zone: string;
  region: { x: number; y: number; width: number; height: number } | null;
}

/**
 * "Show changes": the output with its change map laid over it (red: where the image
 * changed; for removals, the removed items put back inside a red outline) and the
 * summary "changed: x % of the image, regions: …", and for staging-type outputs the
 * structure check's verdict with each zone's scores against their limits, failing zones
 * first, so the reason for a refusal (or how close an output came) is on screen. The
 * zones the check asked a person to look at (D17) are outlined on it by name.
 * Computed on first use, then stored. Open on its own, or from outside (`open`).
 */
export function ChangeMapToggle({
  outputId,
  zones = [],
  open: openFromOutside,
  onOpenChange,
}: {
  outputId: string;
  zones?: MarkedZone[];
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const [openHere, setOpenHere] = useState(false);
  const open = openFromOutside ?? openHere;
  const setOpen = (next: (open: boolean) => boolean) => (onOpenChange ? onOpenChange(next(open)) : setOpenHere(next));
  const map = useQuery({
    ...trpc.compliance.changeMap.queryOptions({ workspaceId: workspace.id, outputId }),
    enabled: open,
    staleTime: Infinity,
  });
  return (
    <div className="space-y-2">
      <Button variant="secondary" size="sm" aria-pressed={open} loading={open && map.isPending} onClick={() => setOpen((v) => !v)}>
        <Layers className="size-4" aria-hidden="true" />
        {open ? "Hide changes" : "Show changes"}
      </Button>
      {open && map.error ? <p className="text-sm text-red-700">{errorMessage(map.error)}</p> : null}
      {open && map.data ? (
        <figure className="space-y-1" data-testid="change-map">
          <div className="relative overflow-hidden rounded-lg border border-stone-200">
            {/* eslint-disable-next-line @next/next/no-img-element -- signed storage URLs, not optimisable */}
            <img src={map.data.outputUrl} alt="Result" className="block w-full" />
            {/* eslint-disable-next-line @next/next/no-img-element -- signed storage URLs, not optimisable */}
            <img
              src={map.data.overlayUrl}
              alt={map.data.mode === "removed" ? "What was removed, outlined in red" : "Where the image changed, in red"}
              className="absolute inset-0 h-full w-full"
              data-testid="change-map-overlay"
            />
            {zones.flatMap(({ zone, region }) =>
              region
                ? [
                    <div
                      key={zone}
                      className="absolute rounded-sm border-2 border-amber-400 shadow-[0_0_0_1px_rgba(0,0,0,0.45)]"
                      style={{
                        left: `${region.x * 100}%`,
                        top: `${region.y * 100}%`,
                        width: `${region.width * 100}%`,
                        height: `${region.height * 100}%`,
                      }}
                      data-testid="marked-zone"
                    >
                      <span className="absolute left-0 top-0 rounded-br bg-amber-400 px-1 text-[11px] font-semibold text-stone-950">
                        {zone}
                      </span>
                    </div>,
                  ]
                : [],
            )}
          </div>
          <figcaption className="text-sm text-stone-700" data-testid="change-map-summary">
            {map.data.mode === "removed" ? "Removed items shown in place. " : ""}
            {map.data.summary.charAt(0).toUpperCase() + map.data.summary.slice(1)}.
          </figcaption>
          {map.data.structure ? <StructureVerdict structure={map.data.structure} /> : null}
        </figure>
      ) : null}
      {open && map.isSuccess && !map.data ? <p className="text-sm text-stone-600">No change map for this result.</p> : null}
    </div>
  );
}

function StructureVerdict({
  structure,
}: {
  structure: {
    verdict: "pass" | "review" | "fail";
    summary: string;
    zones: { zone: string; verdict: "pass" | "review" | "fail"; scores: string }[];
  };
}) {
  const passed = structure.verdict === "pass";
  return (
    <details
      className={
        passed ? "rounded-lg bg-emerald-50 px-3 py-2 text-xs text-emerald-900" : "rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-950"
      }
      data-testid="structure-verdict"
    >
      <summary className="cursor-pointer font-semibold">Structure check: {structure.summary}</summary>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        {structure.zones.map((z) => (
          <div key={z.zone} className="contents">
            <dt className={z.verdict === "pass" ? undefined : "font-semibold"}>{z.zone}</dt>
            <dd className="tabular-nums">{z.scores}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

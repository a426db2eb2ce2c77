"use client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Check, Lock } from "lucide-react";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui";
import { cx } from "@/components/ui/cx";
import { defaultKeptAreaName, KEPT_AREA_NAME_MAX, keptAreasPhrase, type FramePoint, type KeptArea } from "@/shared/kept-areas";
import { MaskPainter, type MaskChange, type MaskPainterHandle } from "./mask-painter";
import type { StudioPhoto } from "./types";

/** Waits this long after the last change before saving, so a run of strokes is one save. */
const SAVE_AFTER_MS = 400;

/**
 * "Keep these areas" (D17): for each photo of the form, the windows, doors and tall
 * built-ins suggested from its lines drawn over it to accept, and the mask painter's brush
 * and eraser for anything else (a fireplace, say). What is marked is saved with the photo
 * as soon as it changes, so this form, a batch and a redo all keep it; the form waits
 * (`onBusyChange`) while a change is not saved yet.
 */
export function KeepAreasPanel({ photos, onBusyChange }: { photos: StudioPhoto[]; onBusyChange?: (busy: boolean) => void }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const photo = photos.find((p) => p.id === chosen) ?? photos[0] ?? null;
  const panelId = useId();
  const kept = photos.filter((p) => p.keptAreas?.length);
  if (photos.length === 0) return null;
  return (
    <section className="space-y-3 rounded-lg p-3 ring-1 ring-stone-200" aria-label="Keep these areas">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <h3 className="flex items-center gap-1.5 text-sm font-medium text-stone-900">
            <Lock className="size-4 text-accent-700" aria-hidden="true" />
            Keep these areas
          </h3>
          <p className="text-xs text-stone-600" data-testid="kept-summary">
            {kept.length === 0
              ? "Windows, a fireplace or built-ins you mark stay exactly as in the photo."
              : kept.map((p) => `${p.fileName}: ${keptAreasPhrase(p.keptAreas!)} kept`).join(" · ")}
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => {
            // The project page lists the photos, and what each keeps, from the server: read again once editing is done.
            if (open) router.refresh();
            setOpen(!open);
          }}
        >
          {open ? "Done" : kept.length ? "Edit kept areas" : "Mark areas to keep"}
        </Button>
      </div>
      {open && photo ? (
        <div id={panelId} className="space-y-3">
          {photos.length > 1 ? (
            <div className="flex flex-wrap gap-2" role="group" aria-label="Photo to mark">
              {photos.map((p) => (
                <Button
                  key={p.id}
                  size="sm"
                  variant={p.id === photo.id ? "primary" : "secondary"}
                  aria-pressed={p.id === photo.id}
                  onClick={() => setChosen(p.id)}
                >
                  {p.fileName}
                </Button>
              ))}
            </div>
          ) : null}
          <KeepAreasEditor key={photo.id} photo={photo} onBusyChange={onBusyChange} />
        </div>
      ) : null}
    </section>
  );
}

interface Suggestion {
  kind: "window" | "door" | "built_in";
  polygon: FramePoint[];
}

const samePolygon = (a: FramePoint[] | null, b: FramePoint[]) =>
  Boolean(a) && a!.length === b.length && a!.every(([x, y], i) => x === b[i][0] && y === b[i][1]);

function KeepAreasEditor({ photo, onBusyChange }: { photo: StudioPhoto; onBusyChange?: (busy: boolean) => void }) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const input = { workspaceId: workspace.id, photoId: photo.id };
  const suggestions = useQuery({ ...trpc.photos.suggestKeptAreas.queryOptions(input), staleTime: Infinity });
  const saved = useQuery({ ...trpc.photos.keptAreas.queryOptions(input), staleTime: 0, gcTime: 0 });
  if (saved.isPending) return <p className="text-sm text-stone-600">Loading what is kept…</p>;
  if (saved.error) return <p className="text-sm text-red-700">{errorMessage(saved.error)}</p>;
  return (
    <Editor
      photo={photo}
      suggestions={suggestions.data ?? []}
      suggesting={suggestions.isPending}
      saved={saved.data}
      onBusyChange={onBusyChange}
    />
  );
}

function Editor({
  photo,
  suggestions,
  suggesting,
  saved,
  onBusyChange,
}: {
  photo: StudioPhoto;
  suggestions: Suggestion[];
  suggesting: boolean;
  saved: { areas: KeptArea[]; maskDataUrl: string | null };
  onBusyChange?: (busy: boolean) => void;
}) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const painter = useRef<MaskPainterHandle>(null);
  const [mask, setMask] = useState<string | null>(saved.maskDataUrl);
  const [accepted, setAccepted] = useState<Set<number>>(new Set());
  const [painted, setPainted] = useState(saved.areas.some((area) => area.kind === "painted"));
  const [paintedName, setPaintedName] = useState(saved.areas.find((area) => area.kind === "painted")?.name ?? "");
  const [dirty, setDirty] = useState(false);
  const nameId = useId();
  const save = useMutation(trpc.photos.saveKeptAreas.mutationOptions());

  // Suggestions saved before show as accepted.
  useEffect(() => {
    setAccepted(new Set(suggestions.flatMap((s, i) => (saved.areas.some((area) => samePolygon(area.polygon, s.polygon)) ? [i] : []))));
  }, [suggestions, saved.areas]);

  const onMaskChange = useCallback((next: string | null, cause: MaskChange) => {
    setMask(next);
    if (cause === "load") return;
    setDirty(true);
    if (next === null) {
      setAccepted(new Set());
      setPainted(false);
    } else if (cause === "stroke") setPainted(true);
  }, []);

  const areas: KeptArea[] = [
    ...suggestions.flatMap((s, i) => (accepted.has(i) ? [{ kind: s.kind, name: defaultKeptAreaName(s.kind), polygon: s.polygon }] : [])),
    ...(painted ? [{ kind: "painted" as const, name: paintedName.trim() || defaultKeptAreaName("painted"), polygon: null }] : []),
  ];
  const request = { workspaceId: workspace.id, photoId: photo.id, maskDataUrl: areas.length ? mask : null, areas: mask ? areas : [] };
  const requestKey = JSON.stringify(request);

  useEffect(() => {
    if (!dirty) return;
    const timer = setTimeout(() => {
      setDirty(false);
      save.mutate(JSON.parse(requestKey));
    }, SAVE_AFTER_MS);
    return () => clearTimeout(timer);
    // `save` changes identity with its state: the request is what decides a save.
  }, [dirty, requestKey]);

  const busy = dirty || save.isPending;
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);
  useEffect(() => () => onBusyChange?.(false), [onBusyChange]);

  function toggle(index: number) {
    const on = !accepted.has(index);
    painter.current?.fillPolygon(suggestions[index].polygon, on);
    setAccepted((current) => {
      const next = new Set(current);
      if (on) next.add(index);
      else next.delete(index);
      return next;
    });
  }

  const phrase = keptAreasPhrase(request.areas);
  return (
    <div className="space-y-3">
      <div className="space-y-2">
        <p className="text-sm text-stone-700">
          {suggesting
            ? "Looking for windows and doors in the photo…"
            : suggestions.length
              ? "Found in the photo's lines: keep what is right, then paint anything else with the brush."
              : "Nothing found in the photo's lines: paint what to keep with the brush."}
        </p>
        {suggestions.length ? (
          <ul className="flex flex-wrap gap-2" aria-label="Suggested areas">
            {suggestions.map((s, i) => (
              <li key={i}>
                <Button
                  size="sm"
                  variant={accepted.has(i) ? "primary" : "secondary"}
                  aria-pressed={accepted.has(i)}
                  onClick={() => toggle(i)}
                >
                  {accepted.has(i) ? <Check className="size-4" aria-hidden="true" /> : null}
                  Keep {defaultKeptAreaName(s.kind)} {suggestions.slice(0, i + 1).filter((o) => o.kind === s.kind).length}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="relative">
        <MaskPainter
          ref={painter}
          image={photo}
          imageAlt={`${photo.fileName}, to mark what to keep`}
          width={photo.width}
          height={photo.height}
          initialMask={saved.maskDataUrl}
          paintingKey={photo.id}
          canvasLabel="Keep canvas: paint over what must stay exactly as in the photo"
          onMaskChange={onMaskChange}
        />
        <SuggestionOutlines photo={photo} suggestions={suggestions} accepted={accepted} />
      </div>
      {painted ? (
        <label htmlFor={nameId} className="block max-w-sm space-y-1 text-sm text-stone-800">
          <span className="font-medium">What did you paint?</span>
          <input
            id={nameId}
            value={paintedName}
            maxLength={KEPT_AREA_NAME_MAX}
            placeholder="e.g. fireplace"
            onChange={(event) => {
              setPaintedName(event.target.value);
              setDirty(true);
            }}
            className="block h-9 w-full rounded-lg border border-stone-300 px-3 text-sm"
          />
        </label>
      ) : null}
      <p role="status" className="text-xs text-stone-600" data-testid="kept-status">
        {save.error
          ? errorMessage(save.error)
          : busy
            ? "Saving…"
            : phrase
              ? `Saved: ${phrase} ${request.areas.length > 1 ? "stay" : "stays"} exactly as in the photo in every result.`
              : "Nothing is kept on this photo."}
      </p>
    </div>
  );
}

/** The suggestions' outlines over the photo (the painter's frame): dashed until kept. */
function SuggestionOutlines({ photo, suggestions, accepted }: { photo: StudioPhoto; suggestions: Suggestion[]; accepted: Set<number> }) {
  if (suggestions.length === 0) return null;
  // The painter's frame is the photo's aspect ratio at most 3xl wide, below its toolbar.
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 100 100"
      preserveAspectRatio="none"
      className="pointer-events-none absolute bottom-0 left-0 w-full max-w-3xl"
      style={{ aspectRatio: `${photo.width} / ${photo.height}` }}
    >
      {suggestions.map((s, i) => (
        <polygon
          key={i}
          points={s.polygon.map(([x, y]) => `${x * 100},${y * 100}`).join(" ")}
          fill="none"
          vectorEffect="non-scaling-stroke"
          strokeWidth={2}
          strokeDasharray={accepted.has(i) ? undefined : "6 4"}
          className={cx(accepted.has(i) ? "stroke-accent-600" : "stroke-amber-400")}
        />
      ))}
    </svg>
  );
}

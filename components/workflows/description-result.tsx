"use client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { History, Pencil } from "lucide-react";
import { useState } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { Button, TextAreaField } from "@/components/ui";
import { useToast } from "@/components/ui/toast";
import { CopyButton } from "./copy-button";
import { FormError } from "./form-error";
import { copyForMls } from "./mls-remark";
import { PendingTile } from "./pending-tile";
import { remarkLanguage } from "@/shared/listing-remarks";
import type { GenerationView, RunParams } from "./types";
import { useRefreshGenerations } from "./use-generations";

interface Analysis {
  index: number;
  width: number;
  height: number;
  orientation: string;
  brightness: number;
  dominant_colors: string[];
  room_type: string | null;
  features: string[];
}

/**
 * The listing copy, editable in place: each save is a revision (history below, any
 * earlier wording restorable). "Copy for MLS" adds the remark line when a photo picked
 * for the listing page was staged or altered. Copy the offline writer composed says it
 * was written without a language model. Below, what the service saw in each photo.
 */
export function DescriptionResult({ generation, projectId, offline }: { generation: GenerationView; projectId: string; offline: boolean }) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  // The remark of the listing page's picks (numbered as the page and the zip), in this copy's language.
  const language = remarkLanguage((generation.params as Partial<RunParams>).generation_settings?.language ?? null);
  const remarks = useQuery(trpc.compliance.listingRemarks.queryOptions({ workspaceId: workspace.id, projectId, language }));
  const mlsRemark = remarks.data?.remark ?? null;
  const toast = useToast();
  const refresh = useRefreshGenerations(projectId);
  const [draft, setDraft] = useState<string | null>(null);
  const save = useMutation(
    trpc.generations.reviseDescription.mutationOptions({
      onSuccess: async ({ saved }) => {
        await refresh();
        setDraft(null);
        toast(saved ? "Description saved" : "No changes to save");
      },
    }),
  );
  if (generation.status === "running") return <PendingTile label="Reading the photos and writing…" />;
  const written = typeof generation.result?.description === "string" ? generation.result.description : null;
  if (!written) return null;
  const description = generation.revisions.at(-1)?.text ?? written;
  const versions = [
    { text: written, label: "As written", createdAt: generation.completedAt ?? generation.createdAt },
    ...generation.revisions.map((r) => ({
      text: r.text,
      label: `Edited by ${r.editedByName ?? "a former member"}`,
      createdAt: r.createdAt,
    })),
  ];
  const analysis = (generation.result?.imageAnalysis ?? []) as Analysis[];
  const restore = (text: string) => save.mutate({ workspaceId: workspace.id, generationId: generation.id, text });
  return (
    <div className="space-y-4">
      {draft === null ? (
        <div className="rounded-lg bg-stone-50 p-4 ring-1 ring-stone-200">
          <p className="whitespace-pre-line text-sm leading-relaxed text-stone-800" data-testid="listing-copy">
            {description}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => setDraft(description)}>
              <Pencil className="size-4" aria-hidden="true" />
              Edit
            </Button>
            <CopyButton text={description} label="Copy description" />
            <CopyButton text={copyForMls(description, mlsRemark)} label="Copy for MLS" />
          </div>
          {offline ? (
            <p className="mt-2 text-xs text-stone-600" data-testid="written-offline">
              Written without a language model: composed on this deployment from the property data and what the photo analysis measured.
              Review it before publishing.
            </p>
          ) : null}
          {mlsRemark ? <p className="mt-2 text-xs text-stone-600 [overflow-wrap:anywhere]">Copy for MLS adds: “{mlsRemark}”</p> : null}
        </div>
      ) : (
        <form
          className="space-y-3"
          aria-label="Edit description"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate({ workspaceId: workspace.id, generationId: generation.id, text: draft });
          }}
        >
          <TextAreaField label="Listing copy" value={draft} onChange={(event) => setDraft(event.target.value)} rows={10} />
          <FormError message={save.error ? errorMessage(save.error) : null} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" loading={save.isPending}>
              Save
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={() => setDraft(null)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
      {versions.length > 1 ? (
        <details>
          <summary className="cursor-pointer text-sm font-medium text-accent-700">
            <History className="mr-1 inline size-4 align-[-3px]" aria-hidden="true" />
            History ({versions.length} versions)
          </summary>
          <ol className="mt-2 space-y-3" aria-label="Versions of the description">
            {versions
              .map((version, index) => ({ ...version, number: index + 1 }))
              .reverse()
              .map((version) => (
                <li key={version.number} className="rounded-lg p-3 ring-1 ring-stone-200">
                  <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-stone-600">
                    <span>
                      Version {version.number} · {version.label} · {new Date(version.createdAt).toLocaleString()}
                    </span>
                    {version.text !== description ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        loading={save.isPending}
                        onClick={() => restore(version.text)}
                        aria-label={`Restore version ${version.number}`}
                      >
                        Restore
                      </Button>
                    ) : (
                      <span className="font-medium text-stone-800">Current</span>
                    )}
                  </div>
                  <p className="mt-1 line-clamp-3 whitespace-pre-line text-sm text-stone-700">{version.text}</p>
                </li>
              ))}
          </ol>
        </details>
      ) : null}
      <details className="group">
        <summary className="cursor-pointer text-sm font-medium text-accent-700">Image analysis ({analysis.length} photos)</summary>
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Image analysis">
          <table className="mt-2 w-full text-left text-sm">
            <caption className="sr-only">What the service found in each photo</caption>
            <thead className="text-xs uppercase text-stone-600">
              <tr>
                <th scope="col" className="py-1 pr-3">
                  Photo
                </th>
                <th scope="col" className="py-1 pr-3">
                  Room
                </th>
                <th scope="col" className="py-1 pr-3">
                  Size
                </th>
                <th scope="col" className="py-1 pr-3">
                  Colors
                </th>
                <th scope="col" className="py-1">
                  Features
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {analysis.map((item) => (
                <tr key={item.index}>
                  <td className="py-1.5 pr-3">{item.index + 1}</td>
                  <td className="py-1.5 pr-3">{item.room_type?.replace(/_/g, " ") ?? "—"}</td>
                  <td className="py-1.5 pr-3 tabular-nums">
                    {item.width}×{item.height} · {item.orientation}
                  </td>
                  <td className="py-1.5 pr-3">
                    <span className="flex gap-1">
                      {item.dominant_colors.slice(0, 5).map((color) => (
                        <span key={color} title={color} className="size-4 rounded ring-1 ring-stone-200" style={{ backgroundColor: color }}>
                          <span className="sr-only">{color}</span>
                        </span>
                      ))}
                    </span>
                  </td>
                  <td className="py-1.5">{item.features.join(", ") || "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}

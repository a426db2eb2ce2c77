"use client";
import { History, ImagePlus } from "lucide-react";
import { useState } from "react";
import { BatchList } from "@/components/batches/batch-list";
import { useBatches } from "@/components/batches/use-batches";
import { errorMessage } from "@/components/trpc/client";
import { Button, EmptyState, ErrorState, Skeleton, Tabs } from "@/components/ui";
import { Card } from "@/components/ui/card";
import { useUrlParam } from "@/components/ui/use-url-param";
import { GENERATION_KIND_LABELS, GENERATION_KINDS } from "@/shared/vocabulary";
import { DescriptionForm, GenerationCard, InpaintForm, ListingBatchForm, MultiviewForm, VideoForm } from "./lazy-forms";
import { ListingPagePanel } from "./listing-page-panel";
import { ListingProjectProvider } from "./listing-pick-button";
import { ListingRemarksPanel } from "./listing-remarks-panel";
import { ResultsFilter } from "./results-filter";
import { StageForm } from "./stage-form";
import { StartingRuns, StartingRunsProvider } from "./starting-runs";
import type { ProjectFacts, StudioPhoto } from "./types";
import { useGenerations } from "./use-generations";

/**
 * The workflow area of a project: the workflows as tabs (staging one photo or the whole
 * listing), then its Results: the whole-listing batches and every other run of this
 * project with their live progress and results (newest first), filterable by workflow.
 * The open tab (`?tab=`) and the filter (`?results=`) live in the URL.
 */
export function WorkflowStudio({
  projectId,
  photos,
  facts,
  stagingProvider,
  describeProvider,
}: {
  projectId: string;
  photos: StudioPhoto[];
  facts: ProjectFacts;
  stagingProvider: string;
  describeProvider: string;
}) {
  const generations = useGenerations(projectId);
  const [chosenPhotoId, setPhotoId] = useState<string | null>(null);
  // Photos arrive after the first render when uploaded on this page: fall back to the first one.
  const photoId = photos.some((p) => p.id === chosenPhotoId) ? chosenPhotoId : (photos[0]?.id ?? null);
  const running = generations.data?.filter((g) => g.status === "running").length ?? 0;
  const [tab, setTab] = useUrlParam("tab");
  const [filterParam, setFilter] = useUrlParam("results");
  const filter = GENERATION_KINDS.find((kind) => kind === filterParam) ?? null;
  const shown = generations.data?.filter((g) => !filter || g.kind === filter) ?? [];
  // Whole-listing batches are staging results too: shown under Results, counted by its filter.
  const batches = useBatches(projectId);
  const batchCount = batches.data?.length ?? 0;
  const batchesShown = !filter || filter === "staging";
  const emptyState =
    !generations.isSuccess || !batches.isSuccess ? null : generations.data.length === 0 && batchCount === 0 ? (
      <EmptyState icon={History} title="No results yet" description="Run a workflow above; its progress and results will show here." />
    ) : shown.length === 0 && filter && !(batchesShown && batchCount > 0) ? (
      <EmptyState
        icon={History}
        title={`No ${GENERATION_KIND_LABELS[filter].toLowerCase()} results`}
        description="Other workflows have results; show all of them or run this one above."
        action={
          <Button variant="secondary" size="sm" onClick={() => setFilter(null)}>
            Show all results
          </Button>
        }
      />
    ) : null;

  return (
    <StartingRunsProvider>
      <ListingProjectProvider projectId={projectId}>
        <section aria-labelledby="workflows-heading" className="space-y-6">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="workflows-heading" className="text-lg font-semibold">
              Workflows
            </h2>
            <p className="text-sm text-stone-600" aria-live="polite">
              {running > 0 ? `${running} running — results appear as they finish.` : "Results stay here; reloading the page is safe."}
            </p>
          </div>
          {photos.length === 0 ? (
            <EmptyState
              icon={ImagePlus}
              title="Upload photos to start"
              description="Staging, multi-view, editing, video and descriptions all start from the project's photos."
            />
          ) : (
            <Card className="p-5">
              <Tabs
                label="Workflows"
                value={tab ?? undefined}
                onValueChange={setTab}
                tabs={[
                  {
                    id: "stage",
                    label: "Stage",
                    content: (
                      <StageForm
                        projectId={projectId}
                        photos={photos}
                        photoId={photoId}
                        onPhotoChange={setPhotoId}
                        stagingProvider={stagingProvider}
                      />
                    ),
                  },
                  {
                    id: "listing",
                    label: "Whole listing",
                    content: <ListingBatchForm projectId={projectId} photos={photos} stagingProvider={stagingProvider} />,
                  },
                  { id: "multiview", label: "Multi-view", content: <MultiviewForm projectId={projectId} photos={photos} /> },
                  {
                    id: "edit",
                    label: "Edit & upscale",
                    content: <InpaintForm projectId={projectId} photos={photos} photoId={photoId} onPhotoChange={setPhotoId} />,
                  },
                  {
                    id: "video",
                    label: "Video",
                    content: <VideoForm projectId={projectId} photos={photos} generations={generations.data ?? []} />,
                  },
                  {
                    id: "description",
                    label: "Description",
                    content: <DescriptionForm projectId={projectId} photos={photos} facts={facts} />,
                  },
                ]}
              />
            </Card>
          )}
          <section aria-labelledby="results-heading" className="space-y-4">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="results-heading" className="text-lg font-semibold">
                Results
              </h2>
              {generations.data && generations.data.length + batchCount > 0 ? (
                <ResultsFilter generations={generations.data} batches={batchCount} value={filter} onChange={setFilter} />
              ) : null}
            </div>
            {batchesShown ? <BatchList projectId={projectId} /> : null}
            {/*
            Shown whatever the list's state: a run started while the list still loads is drawn
            at once. The empty states go in its place, so they give way to a starting run
            without this component re-rendering on the click.
          */}
            <StartingRuns projectId={projectId} idle={emptyState} />
            {generations.isPending ? (
              <div role="status" aria-label="Loading results" className="space-y-3">
                <Skeleton className="h-40 w-full" />
                <Skeleton className="h-40 w-full" />
              </div>
            ) : generations.isError ? (
              <ErrorState
                title="Results could not be loaded"
                message={errorMessage(generations.error)}
                action={
                  <Button variant="secondary" size="sm" onClick={() => generations.refetch()}>
                    Try again
                  </Button>
                }
              />
            ) : shown.length === 0 ? null : (
              <ul className="space-y-4" aria-label="Workflow runs">
                {shown.map((generation) => (
                  <li key={generation.id}>
                    <GenerationCard generation={generation} projectId={projectId} describeProvider={describeProvider} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <ListingPagePanel projectId={projectId} generations={generations.data ?? []} />
          <ListingRemarksPanel projectId={projectId} />
        </section>
      </ListingProjectProvider>
    </StartingRunsProvider>
  );
}

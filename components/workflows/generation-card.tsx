import { Card } from "@/components/ui/card";
import { isGenerativeProvider } from "@/shared/disclosure";
import { GENERATION_KIND_LABELS, idLabel } from "@/shared/vocabulary";
import { ChainResult } from "./chain-result";
import { DeleteResultButton } from "./delete-result-button";
import { DescriptionResult } from "./description-result";
import { MultiviewResult } from "./multiview-result";
import { StagingResult } from "./staging-result";
import { StatusBadge } from "./status-badge";
import type { GenerationView, RunParams } from "./types";
import { VideoResult } from "./video-result";

/** What was asked, in the request's own words: "Staging · Living room · Scandinavian". */
function summary(generation: GenerationView): string {
  const p: Partial<RunParams> = generation.params;
  const words = [p.redesign_type, p.room_type, p.style, p.mode, p.inpainting_type, p.generation_settings?.tone];
  return words.flatMap((word) => (typeof word === "string" ? [idLabel(word)] : [])).join(" · ");
}

/** One workflow run: what was asked, by whom, its live state and its results. */
/** The writer the service named for a description (copy written before it was recorded: the deployment's). */
function writerOf(generation: GenerationView): string | null {
  return typeof generation.result?.provider === "string" ? generation.result.provider : null;
}

export function GenerationCard({
  generation,
  projectId,
  describeProvider,
}: {
  generation: GenerationView;
  projectId: string;
  describeProvider: string;
}) {
  const headingId = `generation-${generation.id}`;
  return (
    <Card className="p-5">
      <article aria-labelledby={headingId} className="space-y-4">
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h3 id={headingId} className="text-base font-semibold text-stone-900">
              {GENERATION_KIND_LABELS[generation.kind]}
            </h3>
            <p className="text-xs text-stone-600">
              {[summary(generation), generation.createdByName, new Date(generation.createdAt).toLocaleString()].filter(Boolean).join(" · ")}
            </p>
          </div>
          <div className="flex items-center gap-1">
            <StatusBadge status={generation.status} />
            {generation.status !== "running" && generation.deletable ? (
              <DeleteResultButton generationId={generation.id} projectId={projectId} title={GENERATION_KIND_LABELS[generation.kind]} />
            ) : null}
          </div>
        </header>
        {generation.error ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
            {generation.error.message}
          </p>
        ) : null}
        {generation.kind === "staging" ? <StagingResult generation={generation} /> : null}
        {generation.kind === "multiview" ? <MultiviewResult generation={generation} projectId={projectId} /> : null}
        {generation.kind === "inpaint_upscale" ? <ChainResult generation={generation} /> : null}
        {generation.kind === "video" ? <VideoResult generation={generation} /> : null}
        {generation.kind === "description" ? (
          <DescriptionResult
            generation={generation}
            projectId={projectId}
            offline={!isGenerativeProvider(writerOf(generation) ?? describeProvider)}
          />
        ) : null}
      </article>
    </Card>
  );
}

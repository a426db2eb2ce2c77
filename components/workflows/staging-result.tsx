import { BeforeAfterSlider } from "./before-after-slider";
import { DisclosureNote } from "./disclosure-note";
import { OutputActions } from "./output-actions";
import { PendingTile } from "./pending-tile";
import type { GenerationView } from "./types";

/** Staging outputs, each as a before/after slider over the original photo. */
export function StagingResult({ generation }: { generation: GenerationView }) {
  if (generation.status === "running") return <PendingTile label="Staging the photo…" />;
  if (generation.outputs.length === 0) return null;
  const note = typeof generation.result?.note === "string" ? generation.result.note : null;
  return (
    <div className="space-y-3">
      {note ? <p className="text-sm text-amber-900">{note}</p> : null}
      <ul className="grid gap-4 sm:grid-cols-2">
        {generation.outputs.map((output) =>
          output.url && output.sourceUrl ? (
            <li key={output.id} className="space-y-2">
              <BeforeAfterSlider
                before={{ url: output.sourceUrl, ...output.sourceResized }}
                after={{ url: output.url, ...output.resized }}
                label={`${output.disclosure.preview ? "Style preview" : "Staged variation"} ${output.position + 1}`}
              />
              <DisclosureNote disclosure={output.disclosure} />
              <OutputActions
                outputId={output.id}
                disclosureLabel={output.disclosure.label}
                review={output.review}
                kept={output.kept && { ...output.kept, imageUrl: output.url }}
              />
            </li>
          ) : null,
        )}
      </ul>
    </div>
  );
}

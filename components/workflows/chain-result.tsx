import { BeforeAfterSlider } from "./before-after-slider";
import { DisclosureNote } from "./disclosure-note";
import { OutputActions } from "./output-actions";
import { PendingTile } from "./pending-tile";
import type { GenerationView } from "./types";

const STEP_LABELS: Record<string, string> = { inpainted: "Step 1 · Inpainted", upscaled: "Step 2 · Upscaled (2×)" };

/** Both outputs of the inpaint → upscale chain, each kept and downloadable. */
export function ChainResult({ generation }: { generation: GenerationView }) {
  return (
    <ol className="grid gap-4 sm:grid-cols-2">
      {generation.outputs.map((output) => (
        <li key={output.id} className="space-y-2">
          <p className="text-sm font-medium text-stone-900">{STEP_LABELS[output.role] ?? output.role}</p>
          {output.status === "running" ? (
            <PendingTile label={output.role === "inpainted" ? "Inpainting…" : "Waiting to upscale…"} />
          ) : output.url && output.sourceUrl ? (
            <>
              <BeforeAfterSlider
                before={{ url: output.sourceUrl, ...output.sourceResized }}
                after={{ url: output.url, ...output.resized }}
                label={STEP_LABELS[output.role] ?? output.role}
              />
              <DisclosureNote disclosure={output.disclosure} />
              <OutputActions outputId={output.id} disclosureLabel={output.disclosure.label} />
            </>
          ) : (
            <p className="text-sm text-stone-600">{output.error?.message ?? "Not made."}</p>
          )}
        </li>
      ))}
    </ol>
  );
}

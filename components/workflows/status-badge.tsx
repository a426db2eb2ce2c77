import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Spinner } from "@/components/ui/spinner";

const TONES: Record<string, BadgeTone> = { running: "info", completed: "success", failed: "danger", held_back: "warning" };
/** `held_back`: a multi-view sibling the quality gate kept out (its run completed, its image is not in use). */
const LABELS: Record<string, string> = { running: "Working", completed: "Done", failed: "Failed", held_back: "Held back" };

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={TONES[status] ?? "neutral"}>
      {status === "running" ? <Spinner className="mr-1 size-3" /> : null}
      {LABELS[status] ?? status}
    </Badge>
  );
}

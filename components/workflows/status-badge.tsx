import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Spinner } from "@/components/ui/spinner";

const TONES: Record<string, BadgeTone> = { running: "info", completed: "success", failed: "danger" };
const LABELS: Record<string, string> = { running: "Working", completed: "Done", failed: "Failed" };

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={TONES[status] ?? "neutral"}>
      {status === "running" ? <Spinner className="mr-1 size-3" /> : null}
      {LABELS[status] ?? status}
    </Badge>
  );
}

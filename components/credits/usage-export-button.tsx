"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useWorkspace } from "@/components/shell/workspace-context";
import { useTRPC } from "@/components/trpc/client";
import { CsvExportButton } from "@/components/ui/csv-export-button";

/** Downloads the month's charges, one row each, as a CSV file for a spreadsheet. */
export function UsageExportButton({ month, label }: { month: string; label: string }) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const queryClient = useQueryClient();
  return (
    <CsvExportButton
      label={`Export ${label} as CSV`}
      fetchFile={() => queryClient.fetchQuery({ ...trpc.usage.exportCsv.queryOptions({ workspaceId: workspace.id, month }), staleTime: 0 })}
    />
  );
}

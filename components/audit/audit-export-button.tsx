"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useWorkspace } from "@/components/shell/workspace-context";
import { useTRPC } from "@/components/trpc/client";
import { CsvExportButton } from "@/components/ui/csv-export-button";

/** Downloads the whole audit log as a CSV file, oldest event first. */
export function AuditExportButton() {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const queryClient = useQueryClient();
  return (
    <CsvExportButton
      label="Export as CSV"
      fetchFile={() => queryClient.fetchQuery({ ...trpc.audit.exportCsv.queryOptions({ workspaceId: workspace.id }), staleTime: 0 })}
    />
  );
}

"use client";
import { useMutation } from "@tanstack/react-query";
import { Archive, ArchiveRestore } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC, useTRPCClient } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";

/** Archives a project after a confirmation (with Undo in the toast), or restores an archived one at once. */
export function ArchiveProjectButton({ projectId, archived }: { projectId: string; archived: boolean }) {
  const trpc = useTRPC();
  const router = useRouter();
  const workspace = useWorkspace();
  const toast = useToast();
  const client = useTRPCClient();
  const [confirming, setConfirming] = useState(false);
  // The toast outlives this button (archiving leaves the page), so Undo calls the client directly.
  const undo = () =>
    client.projects.setArchived.mutate({ workspaceId: workspace.id, projectId, archived: false }).then(
      () => {
        toast("Project restored");
        router.refresh();
      },
      (error: unknown) => toast(errorMessage(error), "error"),
    );
  const mutation = useMutation(
    trpc.projects.setArchived.mutationOptions({
      onSuccess: (_, input) => {
        setConfirming(false);
        if (input.archived) toast("Project archived", "success", { label: "Undo", onClick: () => void undo() });
        else toast("Project restored");
        router.push(input.archived ? `/w/${workspace.slug}/projects` : `/w/${workspace.slug}/projects/${projectId}`);
        router.refresh();
      },
      onError: (error) => toast(errorMessage(error), "error"),
    }),
  );
  const run = (next: boolean) => mutation.mutate({ workspaceId: workspace.id, projectId, archived: next });

  if (archived) {
    return (
      <Button variant="secondary" loading={mutation.isPending} onClick={() => run(false)}>
        <ArchiveRestore className="size-4" aria-hidden="true" />
        Restore
      </Button>
    );
  }
  return (
    <>
      <Button variant="ghost" onClick={() => setConfirming(true)}>
        <Archive className="size-4" aria-hidden="true" />
        Archive
      </Button>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        size="sm"
        title="Archive this project?"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant="danger" loading={mutation.isPending} onClick={() => run(true)}>
              Archive
            </Button>
          </>
        }
      >
        <p className="text-sm text-stone-700">
          It leaves the project list. Photos and results are kept, and you can restore it from Archived.
        </p>
      </Dialog>
    </>
  );
}

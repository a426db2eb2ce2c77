"use client";
import { useMutation } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { Button, Dialog } from "@/components/ui";
import { useToast } from "@/components/ui/toast";
import { useRefreshGenerations } from "./use-generations";

/** Deletes one finished result after a confirmation; the credits it used stay in the usage record. */
export function DeleteResultButton({ generationId, projectId, title }: { generationId: string; projectId: string; title: string }) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const toast = useToast();
  const refresh = useRefreshGenerations(projectId);
  const [open, setOpen] = useState(false);
  const remove = useMutation(
    trpc.generations.delete.mutationOptions({
      onSuccess: async () => {
        setOpen(false);
        toast(`${title} result deleted`);
        await refresh();
      },
      onError: (error) => toast(errorMessage(error), "error"),
    }),
  );
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-label={`Delete this ${title.toLowerCase()} result`}>
        <Trash2 className="size-4" aria-hidden="true" />
        Delete
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        size="sm"
        title="Delete this result?"
        description="Its images or video are removed from the project and from the share page. The credits it used stay in the usage record."
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Keep it
            </Button>
            <Button variant="danger" loading={remove.isPending} onClick={() => remove.mutate({ workspaceId: workspace.id, generationId })}>
              Delete result
            </Button>
          </>
        }
      >
        <p className="text-sm text-stone-700">This cannot be undone.</p>
      </Dialog>
    </>
  );
}

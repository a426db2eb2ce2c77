"use client";
import { useMutation } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";

/** Deletes the workspace (owners only) after its name is typed; its service key is revoked. */
export function DeleteWorkspaceForm() {
  const trpc = useTRPC();
  const router = useRouter();
  const workspace = useWorkspace();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation(
    trpc.workspaces.delete.mutationOptions({
      onSuccess: () => {
        toast(`${workspace.name} was deleted`);
        router.push("/workspaces");
        router.refresh();
      },
      onError: (error) => toast(errorMessage(error), "error"),
    }),
  );
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <p className="max-w-prose text-sm text-stone-700">
        Removes the workspace for everyone: its team, projects, photos, results, share pages and usage history. This cannot be undone.
      </p>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        <Trash2 className="size-4" aria-hidden="true" />
        Delete workspace
      </Button>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Delete ${workspace.name}?`}
        confirmLabel="Delete workspace"
        pending={remove.isPending}
        typeToConfirm={workspace.name}
        onConfirm={() => remove.mutate({ workspaceId: workspace.id, confirmName: workspace.name })}
      >
        <p>
          Every member loses access and every share link stops working. Projects, photos, results and usage history are deleted for good.
        </p>
        <p>The image-service key this workspace was given is revoked, so nothing can spend its credits afterwards.</p>
      </ConfirmDialog>
    </div>
  );
}

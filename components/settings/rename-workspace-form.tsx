"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { canManage, useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";

export function RenameWorkspaceForm() {
  const trpc = useTRPC();
  const router = useRouter();
  const workspace = useWorkspace();
  const toast = useToast();
  const rename = useMutation(
    trpc.workspaces.rename.mutationOptions({
      onSuccess: () => {
        toast("Workspace renamed");
        router.refresh();
      },
    }),
  );
  const allowed = canManage(workspace);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    rename.mutate({ workspaceId: workspace.id, name: String(new FormData(event.currentTarget).get("name")) });
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <TextField
        className="flex-1"
        label="Workspace name"
        name="name"
        defaultValue={workspace.name}
        required
        minLength={2}
        maxLength={80}
        disabled={!allowed}
        error={rename.error ? errorMessage(rename.error) : null}
        hint={allowed ? `Web address: /w/${workspace.slug}` : "Only owners and admins can rename the workspace."}
      />
      {allowed ? (
        <Button type="submit" variant="secondary" loading={rename.isPending} className="sm:mt-7">
          Save
        </Button>
      ) : null}
    </form>
  );
}

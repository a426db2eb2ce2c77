"use client";
import { useMutation } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { allows, holdersOf } from "@/shared/roles";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import { useSaved } from "@/components/ui/use-saved";
import { WorkspaceNameField } from "@/components/workspaces/workspace-name-field";

export function RenameWorkspaceForm() {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const saved = useSaved();
  const rename = useMutation(trpc.workspaces.rename.mutationOptions({ onSuccess: () => saved("Workspace renamed") }));
  const allowed = allows(workspace, "manage_workspace");

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    rename.mutate({ workspaceId: workspace.id, name: String(new FormData(event.currentTarget).get("name")) });
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <WorkspaceNameField
        label="Workspace name"
        defaultValue={workspace.name}
        disabled={!allowed}
        error={rename.error ? errorMessage(rename.error) : null}
        hint={allowed ? `Web address: /w/${workspace.slug}` : `Only ${holdersOf("manage_workspace")} can rename the workspace.`}
      />
      {allowed ? (
        <Button type="submit" variant="secondary" loading={rename.isPending} className="sm:mt-7">
          Save
        </Button>
      ) : null}
    </form>
  );
}

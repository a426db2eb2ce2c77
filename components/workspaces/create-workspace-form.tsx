"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { useOnce } from "@/components/trpc/use-once";
import { Button } from "@/components/ui/button";
import { WorkspaceNameField } from "./workspace-name-field";

/** Creates a brokerage workspace (and its v1 account) and opens it. */
export function CreateWorkspaceForm({ autoFocus }: { autoFocus?: boolean }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const create = useMutation(
    trpc.workspaces.create.mutationOptions({
      onSuccess: (workspace) => router.push(`/w/${workspace.slug}/projects`),
      onError: (failure) => setError(errorMessage(failure)),
    }),
  );
  const createOnce = useOnce(create);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isSuccess) return;
    setError(null);
    createOnce({ name: String(new FormData(event.currentTarget).get("name")) });
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <WorkspaceNameField
        label="Brokerage name"
        placeholder="e.g. Harbour Realty"
        autoFocus={autoFocus}
        error={error}
        hint="You can rename it later."
      />
      <Button type="submit" loading={create.isPending || create.isSuccess} className="sm:mt-7">
        Create workspace
      </Button>
    </form>
  );
}

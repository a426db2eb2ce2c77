"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { useOnce } from "@/components/trpc/use-once";
import { Button } from "@/components/ui/button";
import type { PaidPlan } from "@/shared/vocabulary";
import { WorkspaceNameField } from "./workspace-name-field";

/** Creates a brokerage workspace (and its v1 account) and opens it: at its billing page when a plan was chosen on the pricing page. */
export function CreateWorkspaceForm({ autoFocus, plan }: { autoFocus?: boolean; plan?: PaidPlan | null }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const create = useMutation(
    trpc.workspaces.create.mutationOptions({
      onSuccess: (workspace) => router.push(plan ? `/w/${workspace.slug}/billing?plan=${plan}` : `/w/${workspace.slug}/projects`),
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

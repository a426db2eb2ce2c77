"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useToast } from "@/components/ui/toast";
import { AGENT_GRANTABLE, AGENT_GRANT_LABELS, allows, holdersOf, type AgentGrant } from "@/shared/roles";

/** What the owners let every agent do as well (shared/roles.ts); everyone sees it, owners change it. */
export function AgentGrantsForm() {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const toast = useToast();
  const queryClient = useQueryClient();
  const current = useQuery(trpc.workspaces.agentGrants.queryOptions({ workspaceId: workspace.id }));
  const [chosen, setChosen] = useState<AgentGrant[] | null>(null);
  const save = useMutation(
    trpc.workspaces.setAgentGrants.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.workspaces.agentGrants.queryKey({ workspaceId: workspace.id }) });
        setChosen(null);
        toast("Saved what agents may do");
      },
    }),
  );
  const allowed = allows(workspace, "grant_agent_permissions");
  if (!current.data) return <Skeleton className="h-16 w-full" />;
  const grants = chosen ?? current.data.grants;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ workspaceId: workspace.id, grants });
  };
  return (
    <form onSubmit={submit} className="space-y-3" aria-label="What agents may do">
      {AGENT_GRANTABLE.map((grant) => (
        <div key={grant} className="space-y-1">
          <label className="flex items-center gap-2 text-sm font-medium text-stone-800">
            <input
              type="checkbox"
              className="size-4 accent-accent-600"
              checked={grants.includes(grant)}
              disabled={!allowed}
              onChange={(e) => setChosen(e.target.checked ? [...grants, grant] : grants.filter((g) => g !== grant))}
            />
            {AGENT_GRANT_LABELS[grant].label}
          </label>
          <p className="pl-6 text-sm text-stone-600">{AGENT_GRANT_LABELS[grant].hint}</p>
        </div>
      ))}
      {save.error ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(save.error)}
        </p>
      ) : null}
      {allowed ? (
        <Button type="submit" variant="secondary" loading={save.isPending} disabled={chosen === null}>
          Save
        </Button>
      ) : (
        <p className="text-sm text-stone-600">Only {holdersOf("grant_agent_permissions")} can change this.</p>
      )}
    </form>
  );
}

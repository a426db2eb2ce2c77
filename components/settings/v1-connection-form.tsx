"use client";
import { useMutation } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { useSaved } from "@/components/ui/use-saved";
import type { V1ConnectionSummary } from "@/server/studio/workspaces/show-v1-connection";

const SOURCE_LABELS: Record<V1ConnectionSummary["keySource"], string> = {
  workspace: "Workspace key",
  none: "No key",
};

/**
 * Which image-service account the workspace uses. The key is write-only: only its
 * prefix is ever shown back, and replacing it needs the full new key. The address is
 * one of those the deployment allows, never typed in (the key is sent there).
 */
export function V1ConnectionForm({ connection }: { connection: V1ConnectionSummary }) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const saved = useSaved();
  const [editing, setEditing] = useState(false);
  const save = useMutation(
    trpc.workspaces.setConnection.mutationOptions({
      onSuccess: () => {
        setEditing(false);
        saved("Connection saved");
      },
    }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const apiKey = String(form.get("apiKey") ?? "").trim();
    const baseUrl = String(form.get("baseUrl") ?? "");
    save.mutate({ workspaceId: workspace.id, apiKey: apiKey || undefined, baseUrl: baseUrl === connection.allowedBaseUrls[0] ? null : baseUrl || null });
  }

  return (
    <div className="space-y-5">
      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-stone-600">API key</dt>
          <dd className="mt-1 flex flex-wrap items-center gap-2">
            <KeyRound className="size-4 text-stone-500" aria-hidden="true" />
            <code className="rounded bg-stone-100 px-1.5 py-0.5 font-mono text-stone-800">{connection.keyPrefix ?? "—"}</code>
            <Badge tone={connection.keySource === "none" ? "danger" : "neutral"}>{SOURCE_LABELS[connection.keySource]}</Badge>
            {connection.provisioned ? <Badge tone="accent">Provisioned</Badge> : null}
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">Service URL</dt>
          <dd className="mt-1 break-all font-mono text-stone-800">
            {connection.baseUrl}
            {connection.usesDefaultBaseUrl ? <span className="ml-2 font-sans text-stone-600">(default)</span> : null}
            {connection.baseUrlAllowed ? null : (
              <Badge tone="danger">Not allowed here: choose another address</Badge>
            )}
          </dd>
        </div>
      </dl>
      {editing ? (
        <form onSubmit={onSubmit} className="space-y-4 border-t border-stone-200 pt-5">
          <TextField
            label="New API key"
            name="apiKey"
            type="password"
            autoComplete="off"
            hint="Leave empty to keep the current key. It is stored encrypted and never shown again."
          />
          {connection.allowedBaseUrls.length > 1 || !connection.baseUrlAllowed ? (
            <SelectField
              label="Service URL"
              name="baseUrl"
              defaultValue={connection.baseUrlAllowed ? connection.baseUrl : connection.allowedBaseUrls[0]}
              options={connection.allowedBaseUrls.map((url, i) => ({ value: url, label: i === 0 ? `${url} (default)` : url }))}
              hint="The addresses this deployment allows."
            />
          ) : null}
          {save.error ? <p className="text-sm text-red-700">{errorMessage(save.error)}</p> : null}
          <div className="flex gap-2">
            <Button type="submit" loading={save.isPending}>
              Save connection
            </Button>
            <Button variant="ghost" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="secondary" onClick={() => setEditing(true)}>
          Change key or address
        </Button>
      )}
    </div>
  );
}

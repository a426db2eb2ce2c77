"use client";
import { useMutation } from "@tanstack/react-query";
import { KeyRound, Plus } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Panel } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { useToast } from "@/components/ui/toast";
import type { ApiKeyView } from "@/server/studio/developers/list-api-keys";
import { KEY_SCOPE_LABELS, MAX_LIVE_KEYS } from "@/shared/vocabulary";
import { CreateKeyDialog } from "./create-key-dialog";
import { RotateKeyDialog } from "./rotate-key-dialog";
import { Time } from "./time";

/** The workspace account's live keys with create, rotate and revoke (D16); the studio's own key is shown, never changed. */
export function ApiKeysPanel({ keys }: { keys: ApiKeyView[] }) {
  const trpc = useTRPC();
  const router = useRouter();
  const workspace = useWorkspace();
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [rotating, setRotating] = useState<ApiKeyView | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const revoke = useMutation(
    trpc.developers.revokeKey.mutationOptions({
      onSuccess: () => {
        toast(`${revoking?.name ?? "The key"} was revoked: requests with it are refused from now on.`);
        setRevoking(null);
        router.refresh();
      },
      onError: (error) => toast(errorMessage(error), "error"),
    }),
  );
  const full = keys.length >= MAX_LIVE_KEYS;
  const yours = keys.filter((key) => !key.internal && !key.connectedApp);

  return (
    <Panel
      title="API keys"
      description={`Keys of this workspace's account, at most ${MAX_LIVE_KEYS}. A key is shown once, when it is made; here you see its first characters.`}
      actions={
        <Button onClick={() => setCreating(true)} disabled={full} title={full ? "Revoke a key first" : undefined}>
          <Plus className="size-4" aria-hidden="true" />
          Create key
        </Button>
      }
    >
      <CreateKeyDialog open={creating} onClose={() => setCreating(false)} />
      <RotateKeyDialog apiKey={rotating} onClose={() => setRotating(null)} />
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title={`Revoke ${revoking?.name ?? "this key"}?`}
        confirmLabel="Revoke key"
        pending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ workspaceId: workspace.id, keyId: revoking.id })}
      >
        <p>
          Every request with <code className="font-mono">{revoking?.prefix}…</code> is refused from now on with 403{" "}
          <code className="font-mono">invalid_api_key</code>. This cannot be undone.
        </p>
      </ConfirmDialog>

      {yours.length === 0 ? (
        <EmptyState
          className="mb-4"
          icon={KeyRound}
          title="No keys of your own yet"
          description="Create one for your website, CRM or listing tool, then follow the Quickstart to make a first call. The studio's own key is listed below: it is not one to hand out."
        />
      ) : null}
      <ul className="divide-y divide-stone-200" aria-label="API keys">
        {/* Yours first; the studio's own key last, after them. */}
        {[...yours, ...keys.filter((key) => key.internal)].map((key) => (
          <li key={key.id} className="flex flex-wrap items-start gap-x-4 gap-y-2 py-4" data-testid="api-key">
            <div className="min-w-0 flex-1 basis-64 space-y-1">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-stone-900">{key.name}</span>
                {key.internal ? <Badge tone="info">Internal</Badge> : null}
                {key.connectedApp ? <Badge tone="info">Connected app</Badge> : null}
                <Badge tone={key.scope === "read_only" ? "neutral" : "accent"}>{KEY_SCOPE_LABELS[key.scope]}</Badge>
                {key.expiresAt ? (
                  <Badge tone="warning">
                    Expires&nbsp;
                    <Time date={key.expiresAt} />
                  </Badge>
                ) : null}
              </p>
              <p className="font-mono text-sm text-stone-700">{key.prefix}…</p>
              <p className="text-xs text-stone-600">
                Created <Time date={key.createdAt} /> by {key.createdBy}
                {key.heldBy ? `, now held by ${key.heldBy}` : null}
              </p>
              <p className="text-xs text-stone-600">
                {key.lastUsedAt ? (
                  <>
                    Last used <Time date={key.lastUsedAt} />
                    {key.lastUsedIp && key.lastUsedIp !== "unknown" ? ` from ${key.lastUsedIp}` : ""}
                  </>
                ) : (
                  "Never used"
                )}
              </p>
            </div>
            {key.internal ? (
              <p className="max-w-56 text-xs text-stone-600">
                The studio calls the API with this key. It is kept on the server and cannot be changed here.
              </p>
            ) : key.connectedApp ? (
              <p className="max-w-56 text-xs text-stone-600">
                An AI assistant calls the API with this key. Revoke it under Connected apps.
              </p>
            ) : (
              <div className="flex gap-2">
                <Button variant="secondary" size="sm" onClick={() => setRotating(key)} aria-label={`Rotate ${key.name}`}>
                  Rotate
                </Button>
                <Button variant="ghost" size="sm" onClick={() => setRevoking(key)} aria-label={`Revoke ${key.name}`}>
                  Revoke
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </Panel>
  );
}

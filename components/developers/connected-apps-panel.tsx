"use client";
import { useMutation } from "@tanstack/react-query";
import { PlugZap } from "lucide-react";
import Link from "next/link";
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
import type { ConnectedAppView } from "@/server/studio/developers/list-connected-apps";
import { KEY_SCOPE_LABELS } from "@/shared/vocabulary";
import { Time } from "./time";

/** The AI assistants signed in to this workspace with OAuth, each with Revoke (after a confirmation). */
export function ConnectedAppsPanel({ apps }: { apps: ConnectedAppView[] }) {
  const trpc = useTRPC();
  const router = useRouter();
  const workspace = useWorkspace();
  const toast = useToast();
  const [revoking, setRevoking] = useState<ConnectedAppView | null>(null);
  const revoke = useMutation(
    trpc.developers.revokeConnectedApp.mutationOptions({
      onSuccess: () => {
        toast(`${revoking?.clientName ?? "The app"} was disconnected: it has to be signed in again to use Atrium.`);
        setRevoking(null);
        router.refresh();
      },
      onError: (error) => toast(errorMessage(error), "error"),
    }),
  );

  return (
    <Panel
      title="Connected apps"
      description="AI assistants someone signed in to this workspace (Claude, ChatGPT, Claude Code, Cursor…). Each acts with the scope chosen then, charged to this workspace."
    >
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title={`Disconnect ${revoking?.clientName ?? "this app"}?`}
        confirmLabel="Revoke access"
        pending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ workspaceId: workspace.id, connectionId: revoking.id })}
      >
        <p>
          Its access and refresh tokens and its key stop working at once. To use Atrium again, someone has to sign it in and approve it
          again.
        </p>
      </ConfirmDialog>

      {apps.length === 0 ? (
        <EmptyState
          icon={PlugZap}
          title="No connected apps"
          description={
            <>
              Add Atrium to an assistant by its address and sign in: the{" "}
              <Link href="/docs#ai-assistants" className="font-medium text-accent-700 underline">
                guide
              </Link>{" "}
              has the steps for each app.
            </>
          }
        />
      ) : (
        <ul className="divide-y divide-stone-200" aria-label="Connected apps">
          {apps.map((app) => (
            <li key={app.id} className="flex flex-wrap items-start gap-x-4 gap-y-2 py-4" data-testid="connected-app">
              <div className="min-w-0 flex-1 basis-64 space-y-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-stone-900 wrap-anywhere">{app.clientName}</span>
                  <Badge tone={app.scope === "read_only" ? "neutral" : "accent"}>{KEY_SCOPE_LABELS[app.scope]}</Badge>
                </p>
                <p className="text-xs text-stone-600 wrap-anywhere">
                  {app.clientHost ? `Identified by ${app.clientHost}` : "Registered itself (its name is its own claim)"} · returns to{" "}
                  {app.redirectHost} · key <span className="font-mono">{app.keyPrefix}…</span>
                </p>
                <p className="text-xs text-stone-600">
                  Approved <Time date={app.createdAt} /> by {app.approvedBy}
                </p>
                <p className="text-xs text-stone-600">
                  {app.lastUsedAt ? (
                    <>
                      Last used <Time date={app.lastUsedAt} />
                    </>
                  ) : (
                    "Never used"
                  )}
                </p>
              </div>
              <Button variant="ghost" size="sm" onClick={() => setRevoking(app)} aria-label={`Revoke ${app.clientName}`}>
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

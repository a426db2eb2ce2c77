"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ExternalLink, Link2, Link2Off } from "lucide-react";
import { useEffect, useState } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { useOnce } from "@/components/trpc/use-once";
import { Button, ConfirmDialog, Panel, Skeleton } from "@/components/ui";
import { useToast } from "@/components/ui/toast";
import { CopyButton } from "./copy-button";

/** The public disclosure page of the project: each staged image beside its original. */
export function SharePanel({ projectId }: { projectId: string }) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const toast = useToast();
  const queryClient = useQueryClient();
  const input = { workspaceId: workspace.id, projectId };
  const link = useQuery(trpc.exports.shareLink.queryOptions(input));
  const [origin, setOrigin] = useState("");
  useEffect(() => setOrigin(window.location.origin), []);
  const options = {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.exports.shareLink.queryKey(input) }),
    onError: (error: unknown) => toast(errorMessage(error), "error"),
  };
  const create = useMutation(trpc.exports.createShareLink.mutationOptions(options));
  const [confirmingRevoke, setConfirmingRevoke] = useState(false);
  const revoke = useMutation(
    trpc.exports.revokeShareLink.mutationOptions({
      ...options,
      onSuccess: () => {
        setConfirmingRevoke(false);
        toast("Share link turned off");
        return options.onSuccess();
      },
    }),
  );
  const createOnce = useOnce(create);
  const url = link.data ? `${origin}${link.data.path}` : null;

  return (
    <Panel
      title="Disclosure page"
      description="A public page showing each altered image beside the unaltered original, labelled with what was done, as MLS rules and California AB 723 require."
    >
      {link.isPending ? (
        <Skeleton className="h-10 w-full" />
      ) : url ? (
        <div className="space-y-3">
          <label className="block text-sm font-medium text-stone-800" htmlFor="share-url">
            Share link
          </label>
          <input id="share-url" readOnly value={url} className="block w-full rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-800 ring-1 ring-stone-300" onFocus={(e) => e.target.select()} />
          <div className="flex flex-wrap gap-2">
            <CopyButton text={url} label="Copy link" />
            <a href={url} target="_blank" rel="noreferrer" className="inline-flex h-8 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-accent-700 hover:bg-accent-50">
              <ExternalLink className="size-4" aria-hidden="true" />
              Open page
            </a>
            <Button variant="ghost" size="sm" onClick={() => setConfirmingRevoke(true)}>
              <Link2Off className="size-4" aria-hidden="true" />
              Turn off link
            </Button>
          </div>
          <ConfirmDialog
            open={confirmingRevoke}
            onClose={() => setConfirmingRevoke(false)}
            title="Turn off the share link?"
            confirmLabel="Turn off link"
            pending={revoke.isPending}
            onConfirm={() => revoke.mutate(input)}
          >
            <p>Anyone who opens it, on a listing site or from a QR code, will find the page gone. A new link can be made later; it will be a different address.</p>
          </ConfirmDialog>
        </div>
      ) : (
        <Button variant="secondary" loading={create.isPending} onClick={() => createOnce(input)}>
          <Link2 className="size-4" aria-hidden="true" />
          Create share link
        </Button>
      )}
    </Panel>
  );
}

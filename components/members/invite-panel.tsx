"use client";
import { useMutation } from "@tanstack/react-query";
import { Check, Copy, Link2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { useOnce } from "@/components/trpc/use-once";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SelectField, TextField } from "@/components/ui/field";
import { optionsOf } from "@/components/ui/options";
import { useToast } from "@/components/ui/toast";
import { INVITATION_ROLES, ROLE_LABELS, type InvitationRole, type WorkspaceRole } from "@/shared/vocabulary";

export interface PendingInvitation {
  id: string;
  role: WorkspaceRole;
  email: string | null;
  expiresAt: Date;
}

const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric" });

/**
 * Invitation links: create one for a role, copy it, see and revoke pending ones. The
 * link is shown only right after it is created (the server keeps just its hash).
 */
export function InvitePanel({ invitations }: { invitations: PendingInvitation[] }) {
  const trpc = useTRPC();
  const router = useRouter();
  const workspace = useWorkspace();
  const toast = useToast();
  const [link, setLink] = useState<string | null>(null);
  const [mailed, setMailed] = useState<{ to: string; sent: boolean } | null>(null);
  const [copied, setCopied] = useState(false);
  const [role, setRole] = useState<InvitationRole>("agent");
  const [revoking, setRevoking] = useState<PendingInvitation | null>(null);
  const create = useMutation(
    trpc.invitations.create.mutationOptions({
      onSuccess: ({ token, emailSent }, input) => {
        setLink(`${window.location.origin}/invite/${token}`);
        setMailed(input.email && emailSent !== null ? { to: input.email, sent: emailSent } : null);
        setCopied(false);
        router.refresh();
      },
    }),
  );
  const createOnce = useOnce(create);
  const revoke = useMutation(
    trpc.invitations.revoke.mutationOptions({
      onSuccess: () => {
        toast("Invitation revoked");
        setRevoking(null);
        router.refresh();
      },
      onError: (error) => toast(errorMessage(error), "error"),
    }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    createOnce({ workspaceId: workspace.id, role, email: email || undefined });
  }

  async function copy() {
    if (!link) return;
    await navigator.clipboard?.writeText(link).catch(() => undefined);
    setCopied(true);
  }

  return (
    <div className="space-y-6">
      <form onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-start">
        <TextField
          label="Email (optional)"
          name="email"
          type="email"
          placeholder="agent@brokerage.com"
          hint="We email the link there and fill it in when they sign up."
        />
        <SelectField label="Role" value={role} onValueChange={setRole} options={optionsOf(INVITATION_ROLES, ROLE_LABELS)} />
        <Button type="submit" loading={create.isPending} className="sm:mt-7">
          <Link2 className="size-4" aria-hidden="true" />
          Create invite link
        </Button>
      </form>
      {create.error ? <p className="text-sm text-red-700">{errorMessage(create.error)}</p> : null}
      {link ? (
        <div className="rounded-lg bg-accent-50 p-4 ring-1 ring-accent-200">
          <p className="text-sm font-medium text-accent-900" role="status">
            {mailed?.sent
              ? `Invitation emailed to ${mailed.to}. You can also share the link yourself: it works once and expires in 7 days.`
              : mailed
                ? `The email to ${mailed.to} could not be sent. Share this link yourself: it works once and expires in 7 days.`
                : "Share this link. It works once and expires in 7 days."}
          </p>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row">
            <TextField
              label="Invitation link"
              hideLabel
              readOnly
              value={link}
              className="flex-1"
              onFocus={(event) => event.currentTarget.select()}
              data-testid="invite-link"
            />
            <Button variant="secondary" onClick={copy}>
              {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
              {copied ? "Copied" : "Copy link"}
            </Button>
          </div>
        </div>
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title="Revoke this invitation?"
        confirmLabel="Revoke invitation"
        pending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ workspaceId: workspace.id, invitationId: revoking.id })}
      >
        <p>
          The link sent {revoking?.email ? `to ${revoking.email}` : "out"} stops working at once. To invite{" "}
          {revoking?.email ? "them" : "someone"} later, create a new link.
        </p>
      </ConfirmDialog>
      {invitations.length > 0 ? (
        <div>
          <h3 className="text-sm font-semibold text-stone-900">Pending invitations</h3>
          <ul className="mt-2 divide-y divide-stone-200">
            {invitations.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-center gap-3 py-3 text-sm">
                <span className="flex-1 text-stone-800">{invitation.email ?? "Anyone with the link"}</span>
                <Badge>{ROLE_LABELS[invitation.role]}</Badge>
                <span className="text-stone-600">Expires {dateFormat.format(invitation.expiresAt)}</span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Revoke the invitation for ${invitation.email ?? "anyone with the link"}`}
                  onClick={() => setRevoking(invitation)}
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

"use client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Spinner } from "@/components/ui/spinner";
import { allows } from "@/shared/roles";
import type { MemberCredentialChoice } from "@/shared/vocabulary";
import type { MemberView } from "./members-table";

export type Departure = { member: MemberView; kind: "remove" | "demote" };

const CHOICES: { value: MemberCredentialChoice; label: string; hint: string }[] = [
  { value: "revoke", label: "Revoke them", hint: "Keys are refused at once; endpoints are turned off and keep their delivery log." },
  {
    value: "hand_over",
    label: "Hand them over to me",
    hint: "They keep working, held by you. Whoever made a key still knows it: rotate it if needed.",
  },
];

/**
 * Asks before removing a member or making them an agent, and says what goes with them:
 * the API keys and webhook endpoints they answer for, which an owner may take over
 * instead of revoking (revoke is the default), and the invitations they sent, withdrawn.
 */
export function MemberDepartureDialog({
  departure,
  onClose,
  onDone,
}: {
  departure: Departure | null;
  onClose: () => void;
  onDone: (departure: Departure) => void;
}) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const [choice, setChoice] = useState<MemberCredentialChoice>("revoke");
  // A double click submits twice before the pending state reaches the button: one change is sent.
  const sending = useRef(false);
  const member = departure?.member;
  const held = useQuery({
    ...trpc.members.credentials.queryOptions({ workspaceId: workspace.id, userId: member?.userId ?? "" }),
    enabled: Boolean(member),
    staleTime: 0,
  });
  const close = () => {
    setChoice("revoke");
    onClose();
  };
  const done = {
    onSuccess: () => {
      if (departure) onDone(departure);
      setChoice("revoke");
    },
    onSettled: () => {
      sending.current = false;
    },
  };
  const remove = useMutation(trpc.members.remove.mutationOptions(done));
  const demote = useMutation(trpc.members.changeRole.mutationOptions(done));
  const pending = remove.isPending || demote.isPending;
  const failure = remove.error ?? demote.error;
  const confirm = () => {
    if (!departure || !held.data || sending.current) return;
    sending.current = true;
    const input = { workspaceId: workspace.id, userId: departure.member.userId, credentials: choice };
    if (departure.kind === "remove") remove.mutate(input);
    else demote.mutate({ ...input, role: "agent" });
  };
  const items = held.data
    ? [
        ...held.data.keys.map((key) => `API key ${key.name || "Unnamed key"} (${key.prefix}…)`),
        ...held.data.endpoints.map((endpoint) => `Webhook endpoint ${endpoint.url}`),
      ]
    : [];
  const invitations = held.data?.invitations ?? 0;

  return (
    <ConfirmDialog
      open={departure !== null}
      onClose={close}
      title={departure?.kind === "demote" ? `Make ${member?.name ?? "this member"} an agent?` : `Remove ${member?.name ?? "this member"}?`}
      confirmLabel={departure?.kind === "demote" ? "Make agent" : "Remove member"}
      pending={pending || held.isPending}
      onConfirm={confirm}
    >
      <p>
        {departure?.kind === "demote"
          ? `Agents work on projects, photos and results; they no longer manage members, invitations or the Developers section of ${workspace.name}.`
          : `They lose access to ${workspace.name} at once: its projects, photos and results. What they made stays. To bring them back, invite them again.`}
      </p>
      {held.isPending ? (
        <p className="flex items-center gap-2 text-stone-600">
          <Spinner label="Checking what they hold" /> Checking the API keys and webhook endpoints they hold…
        </p>
      ) : held.error ? (
        <p role="alert" className="text-red-700">
          {errorMessage(held.error)}
        </p>
      ) : items.length > 0 ? (
        <div className="space-y-3 rounded-lg bg-stone-50 p-3 ring-1 ring-stone-200">
          <p className="font-medium text-stone-900">What they hold in the Developers section</p>
          <ul className="list-disc space-y-1 pl-5" aria-label="What they hold">
            {items.map((item) => (
              <li key={item} className="wrap-anywhere">
                {item}
              </li>
            ))}
          </ul>
          {allows(workspace, "take_over_credentials") ? (
            <fieldset className="space-y-2">
              <legend className="font-medium text-stone-900">What becomes of them</legend>
              {CHOICES.map((option) => (
                <label key={option.value} className="flex cursor-pointer items-start gap-2">
                  <input
                    type="radio"
                    name="credentials"
                    value={option.value}
                    checked={choice === option.value}
                    onChange={() => setChoice(option.value)}
                    className="mt-1 accent-accent-700"
                  />
                  <span>
                    <span className="font-medium text-stone-900">{option.label}</span>
                    <span className="block text-stone-600">{option.hint}</span>
                  </span>
                </label>
              ))}
            </fieldset>
          ) : (
            <p>They are revoked: keys refused at once, endpoints turned off. Only an owner can take them over instead.</p>
          )}
        </div>
      ) : null}
      {invitations > 0 ? (
        <p>
          The {invitations === 1 ? "pending invitation" : `${invitations} pending invitations`} they sent {invitations === 1 ? "is" : "are"}{" "}
          withdrawn: they hold the links.
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="text-red-700">
          {errorMessage(failure)}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}

"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { initials } from "@/components/shell/user-menu";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { canManageRole, isOwnerRole, losesDevelopers } from "@/shared/roles";
import { ROLE_LABELS, WORKSPACE_ROLES, type WorkspaceRole } from "@/shared/vocabulary";
import { MemberDepartureDialog, type Departure } from "./member-departure-dialog";

export interface MemberView {
  userId: string;
  name: string;
  email: string;
  role: WorkspaceRole;
}

/**
 * The team, with role changes and removal where the viewer's role allows them. Removing a
 * member, or making an owner or admin an agent, asks first and says what goes with them.
 */
export function MembersTable({ members, currentUserId }: { members: MemberView[]; currentUserId: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const workspace = useWorkspace();
  const toast = useToast();
  const [departure, setDeparture] = useState<Departure | null>(null);
  const changeRole = useMutation(
    trpc.members.changeRole.mutationOptions({
      onSuccess: () => {
        toast("Role changed");
        router.refresh();
      },
      onError: (error) => toast(errorMessage(error), "error"),
    }),
  );
  const departed = ({ member, kind }: Departure) => {
    toast(kind === "remove" ? `${member.name} was removed from ${workspace.name}` : `${member.name} is now an agent`);
    setDeparture(null);
    router.refresh();
  };
  const grantable = WORKSPACE_ROLES.filter((role) => canManageRole(workspace.role, role));

  return (
    <>
      <MemberDepartureDialog departure={departure} onClose={() => setDeparture(null)} onDone={departed} />
      <ul className="divide-y divide-stone-200">
        {members.map((member) => {
          const editable = canManageRole(workspace.role, member.role) && member.userId !== currentUserId;
          return (
            <li key={member.userId} className="flex flex-wrap items-center gap-4 py-4">
              <span
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-stone-200 text-sm font-semibold text-stone-700"
                aria-hidden="true"
              >
                {initials(member.name)}
              </span>
              {/* At least 10 rem for the name and address: on a phone the role and Remove wrap below instead of squeezing them. */}
              <div className="min-w-0 flex-1 basis-40">
                <p className="truncate font-medium text-stone-900">
                  {member.name}
                  {member.userId === currentUserId ? <span className="ml-2 text-sm font-normal text-stone-600">(you)</span> : null}
                </p>
                <p className="truncate text-sm text-stone-600">{member.email}</p>
              </div>
              {editable ? (
                <div className="flex items-center gap-2">
                  <SelectField
                    label={`Role of ${member.name}`}
                    hideLabel
                    value={member.role}
                    options={grantable.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
                    onValueChange={(role) =>
                      // What they hold in the Developers section is settled first, in the dialog.
                      losesDevelopers(member.role, role)
                        ? setDeparture({ member, kind: "demote" })
                        : changeRole.mutate({ workspaceId: workspace.id, userId: member.userId, role })
                    }
                  />
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setDeparture({ member, kind: "remove" })}
                    aria-label={`Remove ${member.name}`}
                  >
                    Remove
                  </Button>
                </div>
              ) : (
                <Badge tone={isOwnerRole(member.role) ? "accent" : "neutral"}>{ROLE_LABELS[member.role]}</Badge>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}

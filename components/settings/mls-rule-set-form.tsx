"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { allows, holdersOf } from "@/shared/roles";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { MLS_RULE_SET_IDS, MLS_RULE_SETS, type MlsRuleSetId } from "@/shared/mls-rules";

/** The MLS rule set the studio checks edits against: what it allows, how it labels, where it comes from. */
export function MlsRuleSetForm() {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const toast = useToast();
  const queryClient = useQueryClient();
  const current = useQuery(trpc.compliance.ruleSet.queryOptions({ workspaceId: workspace.id }));
  const [chosen, setChosen] = useState<MlsRuleSetId | null>(null);
  const save = useMutation(
    trpc.compliance.setRuleSet.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.compliance.ruleSet.queryKey({ workspaceId: workspace.id }) });
        setChosen(null);
        toast("MLS rules saved");
      },
    }),
  );
  const allowed = allows(workspace, "manage_workspace");
  const value = chosen ?? current.data?.id ?? "general";
  const set = MLS_RULE_SETS[value];
  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ workspaceId: workspace.id, ruleSetId: value });
      }}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <SelectField
          className="flex-1"
          label="MLS rule set"
          value={value}
          disabled={!allowed || current.isPending}
          onValueChange={setChosen}
          options={MLS_RULE_SET_IDS.map((id) => ({ value: id, label: MLS_RULE_SETS[id].name }))}
          error={save.error ? errorMessage(save.error) : null}
          hint={allowed ? undefined : `Only ${holdersOf("manage_workspace")} can change the rule set.`}
        />
        {allowed ? (
          <Button
            type="submit"
            variant="secondary"
            loading={save.isPending}
            disabled={!chosen || chosen === current.data?.id}
            className="sm:mt-7"
          >
            Save
          </Button>
        ) : null}
      </div>
      <ul className="list-disc space-y-1 pl-5 text-sm text-stone-700">
        <li>
          Staged photos are described as “{set.stagedWording}”; a remark line is {set.remarkRequired ? "required" : "optional"}.
        </li>
        <li>
          {set.originalLinkRequired
            ? "A link or QR code to the unaltered original must be on or beside each altered image."
            : "Linking the unaltered original is recommended."}
        </li>
        <li>Sources: {set.sources.join("; ")}.</li>
      </ul>
    </form>
  );
}

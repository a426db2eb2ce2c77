"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { OverlapField } from "./overlap-field";
import { useToast } from "@/components/ui/toast";
import { DEFAULT_ROTATION_OVERLAP_HOURS, type RotationOverlapHours } from "@/shared/vocabulary";
import { EndpointFormDialog } from "./endpoint-form-dialog";
import type { EndpointView } from "./endpoint-status";
import { SecretOnceDialog } from "./secret-once-dialog";
import { utc } from "./time";

/** What can be done to one endpoint: a test event, a new secret, editing, turning it back on, deleting it. */
export function EndpointActions({ endpoint, onTestSent }: { endpoint: EndpointView; onTestSent: () => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const workspace = useWorkspace();
  const toast = useToast();
  const formId = useId();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [rolling, setRolling] = useState(false);
  const [overlap, setOverlap] = useState<RotationOverlapHours>(DEFAULT_ROTATION_OVERLAP_HOURS);
  const [secret, setSecret] = useState<{ value: string; oldUntil: Date | null } | null>(null);
  const where = { workspaceId: workspace.id, endpointId: endpoint.id };
  const onError = (error: unknown) => toast(errorMessage(error), "error");
  const test = useMutation(
    trpc.developers.sendTestEvent.mutationOptions({
      onSuccess: () => {
        toast("Test event sent: it shows in the delivery log below.");
        onTestSent();
      },
      onError,
    }),
  );
  const enable = useMutation(
    trpc.developers.enableWebhook.mutationOptions({
      onSuccess: () => {
        toast("Endpoint enabled: new events go to it again.");
        router.refresh();
      },
      onError,
    }),
  );
  const remove = useMutation(
    trpc.developers.deleteWebhook.mutationOptions({
      onSuccess: () => {
        toast("Endpoint deleted");
        router.push(`/w/${workspace.slug}/developers/webhooks`);
        router.refresh();
      },
      onError,
    }),
  );
  const roll = useMutation(
    trpc.developers.rotateWebhookSecret.mutationOptions({
      onSuccess: (result) => {
        setRolling(false);
        setSecret({ value: result.secret, oldUntil: result.previousSecretExpiresAt });
        router.refresh();
      },
    }),
  );

  return (
    <div className="flex flex-wrap gap-2">
      {endpoint.disabledAt ? (
        <Button onClick={() => enable.mutate(where)} loading={enable.isPending}>
          Enable endpoint
        </Button>
      ) : (
        <Button onClick={() => test.mutate(where)} loading={test.isPending}>
          Send test event
        </Button>
      )}
      <Button variant="secondary" onClick={() => setRolling(true)}>
        Roll secret
      </Button>
      <Button variant="secondary" onClick={() => setEditing(true)}>
        Edit
      </Button>
      <Button variant="ghost" onClick={() => setDeleting(true)}>
        Delete
      </Button>

      <EndpointFormDialog open={editing} onClose={() => setEditing(false)} endpoint={endpoint} />
      <ConfirmDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        title="Delete this endpoint?"
        confirmLabel="Delete endpoint"
        pending={remove.isPending}
        onConfirm={() => remove.mutate(where)}
      >
        <p>
          No more events go to <span className="break-all font-mono">{endpoint.url}</span>, retries waiting for it stop, and its delivery
          log is deleted.
        </p>
      </ConfirmDialog>
      <Dialog
        open={rolling}
        onClose={() => setRolling(false)}
        title="Roll the signing secret"
        description="Deliveries get a new secret. During the overlap they are signed with both, so your receiver can switch without missing one."
        footer={
          <>
            <Button variant="secondary" onClick={() => setRolling(false)}>
              Cancel
            </Button>
            <Button type="submit" form={formId} loading={roll.isPending}>
              Roll secret
            </Button>
          </>
        }
      >
        <form
          id={formId}
          onSubmit={(event) => {
            event.preventDefault();
            if (!roll.isPending) roll.mutate({ ...where, overlapHours: overlap });
          }}
        >
          <OverlapField
            label="The old secret keeps signing for"
            value={overlap}
            onChange={setOverlap}
            error={roll.error ? errorMessage(roll.error) : null}
          />
        </form>
      </Dialog>
      <SecretOnceDialog secret={secret?.value ?? null} title="The new signing secret" onClose={() => setSecret(null)}>
        <p>
          {secret?.oldUntil
            ? `Until ${utc(secret.oldUntil)} deliveries carry a webhook-signature entry for each secret, and X-Service-Signature stays on the old one.`
            : "The old secret no longer signs anything."}
        </p>
      </SecretOnceDialog>
    </div>
  );
}

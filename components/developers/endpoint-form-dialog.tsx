"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { MAX_WEBHOOK_DESCRIPTION_LENGTH, WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/shared/vocabulary";
import { SecretOnceDialog } from "./secret-once-dialog";

const EVENT_HINTS: Record<WebhookEventType, string> = {
  "job.completed": "A job group, multi-view set or video finished.",
  "job.failed": "One of them failed.",
};

export interface EndpointFields {
  id: string;
  url: string;
  description: string;
  eventTypes: string[];
}

/** Adds an endpoint (then shows its signing secret once) or edits one (`endpoint` given; the secret stays). */
export function EndpointFormDialog({ open, onClose, endpoint }: { open: boolean; onClose: () => void; endpoint?: EndpointFields }) {
  const trpc = useTRPC();
  const router = useRouter();
  const workspace = useWorkspace();
  const formId = useId();
  const [url, setUrl] = useState(endpoint?.url ?? "");
  const [description, setDescription] = useState(endpoint?.description ?? "");
  const [types, setTypes] = useState<WebhookEventType[]>((endpoint?.eventTypes as WebhookEventType[]) ?? [...WEBHOOK_EVENT_TYPES]);
  const [secret, setSecret] = useState<string | null>(null);
  const done = () => {
    onClose();
    router.refresh();
  };
  const create = useMutation(
    trpc.developers.createWebhook.mutationOptions({
      onSuccess: (created) => {
        setUrl("");
        setDescription("");
        setTypes([...WEBHOOK_EVENT_TYPES]);
        setSecret(created.secret);
        done();
      },
    }),
  );
  const update = useMutation(trpc.developers.updateWebhook.mutationOptions({ onSuccess: done }));
  const saving = create.isPending || update.isPending;
  const failure = create.error ?? update.error;
  const submit = () => {
    if (saving) return;
    const fields = { workspaceId: workspace.id, url, description, eventTypes: types };
    if (endpoint) update.mutate({ ...fields, endpointId: endpoint.id });
    else create.mutate(fields);
  };

  return (
    <>
      <Dialog
        open={open}
        onClose={onClose}
        title={endpoint ? "Edit endpoint" : "Add a webhook endpoint"}
        description="Atrium POSTs signed events to this URL when work finishes."
        footer={
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" form={formId} loading={saving}>
              {endpoint ? "Save" : "Add endpoint"}
            </Button>
          </>
        }
      >
        <form
          id={formId}
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <TextField
            label="Endpoint URL"
            type="url"
            inputMode="url"
            placeholder="https://crm.example.com/hooks/atrium"
            hint="https, on a public address."
            value={url}
            required
            onChange={(event) => setUrl(event.target.value)}
            error={failure ? errorMessage(failure) : null}
          />
          <TextField
            label="Description (optional)"
            value={description}
            maxLength={MAX_WEBHOOK_DESCRIPTION_LENGTH}
            onChange={(event) => setDescription(event.target.value)}
          />
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-stone-800">Events to send</legend>
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <label key={type} className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 accent-accent-600"
                  checked={types.includes(type)}
                  onChange={(event) =>
                    setTypes(
                      event.target.checked
                        ? WEBHOOK_EVENT_TYPES.filter((t) => t === type || types.includes(t))
                        : types.filter((t) => t !== type),
                    )
                  }
                />
                <span>
                  <code className="font-mono">{type}</code> <span className="text-stone-600">{EVENT_HINTS[type]}</span>
                </span>
              </label>
            ))}
          </fieldset>
        </form>
      </Dialog>
      <SecretOnceDialog secret={secret} title="The endpoint's signing secret" onClose={() => setSecret(null)}>
        <p>
          Verify every delivery with it: the <code className="font-mono">standardwebhooks</code> library checks the{" "}
          <code className="font-mono">webhook-signature</code> header in one call (see the Quickstart).
        </p>
      </SecretOnceDialog>
    </>
  );
}

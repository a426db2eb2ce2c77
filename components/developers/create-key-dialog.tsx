"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { SelectField, TextField } from "@/components/ui/field";
import { KEY_SCOPE_LABELS, KEY_SCOPES, MAX_KEY_NAME_LENGTH, type KeyScope } from "@/shared/vocabulary";
import { SecretOnceDialog } from "./secret-once-dialog";

/** "Create key": a name and a scope, then the key itself, shown once. */
export function CreateKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const workspace = useWorkspace();
  const formId = useId();
  const [name, setName] = useState("");
  const [scope, setScope] = useState<KeyScope>("full");
  const [created, setCreated] = useState<string | null>(null);
  const create = useMutation(
    trpc.developers.createKey.mutationOptions({
      onSuccess: (key) => {
        onClose();
        setName("");
        setScope("full");
        setCreated(key.apiKey);
        router.refresh();
      },
    }),
  );
  return (
    <>
      <Dialog
        open={open}
        onClose={onClose}
        title="Create an API key"
        description="A key lets a program call the image API on this workspace's account, spending its credits."
        footer={
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" form={formId} loading={create.isPending}>
              Create key
            </Button>
          </>
        }
      >
        <form
          id={formId}
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!create.isPending) create.mutate({ workspaceId: workspace.id, name, scope });
          }}
        >
          <TextField
            label="Name"
            hint="What will use it, e.g. “Listings website”."
            value={name}
            maxLength={MAX_KEY_NAME_LENGTH}
            required
            onChange={(event) => setName(event.target.value)}
            error={create.error ? errorMessage(create.error) : null}
          />
          <SelectField
            label="Access"
            hint={
              scope === "read_only"
                ? "GET requests only: reading jobs and usage. Anything else is refused with 403 insufficient_scope."
                : "Every route: starts paid work and spends credits."
            }
            value={scope}
            options={KEY_SCOPES.map((value) => ({ value, label: KEY_SCOPE_LABELS[value] }))}
            onChange={(event) => setScope(event.target.value as KeyScope)}
          />
        </form>
      </Dialog>
      <SecretOnceDialog secret={created} title="Your new API key" onClose={() => setCreated(null)}>
        <p>
          Send it in the <code className="font-mono">x-api-key</code> header. Try it:{" "}
          <code className="break-all font-mono text-xs">
            curl &quot;$ATRIUM_BASE_URL/me&quot; -H &quot;x-api-key: $ATRIUM_API_KEY&quot;
          </code>
        </p>
      </SecretOnceDialog>
    </>
  );
}

"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { OverlapField } from "./overlap-field";
import { DEFAULT_ROTATION_OVERLAP_HOURS, type RotationOverlapHours } from "@/shared/vocabulary";
import { SecretOnceDialog } from "./secret-once-dialog";
import { utc } from "./time";

/** "Rotate": a new key with the same name and access; the old one keeps working for the chosen overlap. */
export function RotateKeyDialog({ apiKey, onClose }: { apiKey: { id: string; name: string } | null; onClose: () => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const workspace = useWorkspace();
  const formId = useId();
  const [overlap, setOverlap] = useState<RotationOverlapHours>(DEFAULT_ROTATION_OVERLAP_HOURS);
  const [rotated, setRotated] = useState<{ apiKey: string; oldKeyExpiresAt: Date; overlap: number } | null>(null);
  const rotate = useMutation(
    trpc.developers.rotateKey.mutationOptions({
      onSuccess: (result) => {
        onClose();
        setRotated({ apiKey: result.apiKey, oldKeyExpiresAt: result.oldKeyExpiresAt, overlap });
        setOverlap(DEFAULT_ROTATION_OVERLAP_HOURS);
        router.refresh();
      },
    }),
  );
  return (
    <>
      <Dialog
        open={apiKey !== null}
        onClose={onClose}
        title={`Rotate ${apiKey?.name ?? "key"}`}
        description="You get a new key with the same name and access. Put it in place of the old one while both work."
        footer={
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" form={formId} loading={rotate.isPending}>
              Rotate key
            </Button>
          </>
        }
      >
        <form
          id={formId}
          onSubmit={(event) => {
            event.preventDefault();
            if (apiKey && !rotate.isPending) rotate.mutate({ workspaceId: workspace.id, keyId: apiKey.id, overlapHours: overlap });
          }}
        >
          <OverlapField
            label="The old key keeps working for"
            value={overlap}
            onChange={setOverlap}
            error={rotate.error ? errorMessage(rotate.error) : null}
          />
        </form>
      </Dialog>
      <SecretOnceDialog secret={rotated?.apiKey ?? null} title="Your new API key" onClose={() => setRotated(null)}>
        <p>
          {rotated && rotated.overlap > 0
            ? `The old key keeps working until ${utc(rotated.oldKeyExpiresAt)}; revoke it sooner once nothing uses it.`
            : "The old key no longer works."}
        </p>
      </SecretOnceDialog>
    </>
  );
}

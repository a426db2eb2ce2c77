"use client";
import { useMutation } from "@tanstack/react-query";
import { Pencil, Plus } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { useOnce } from "@/components/trpc/use-once";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ErrorState } from "@/components/ui/empty-state";
import { useToast } from "@/components/ui/toast";
import { useSaved } from "@/components/ui/use-saved";
import type { ProjectFields } from "@/server/studio/projects/project-fields";
import { ProjectForm } from "./project-form";

/** "New project" button and dialog; opens the project once created. */
export function NewProjectButton() {
  const trpc = useTRPC();
  const router = useRouter();
  const workspace = useWorkspace();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const formId = useId();
  const create = useMutation(
    trpc.projects.create.mutationOptions({
      onSuccess: ({ id }) => {
        toast("Project created");
        router.push(`/w/${workspace.slug}/projects/${id}`);
      },
    }),
  );
  const createOnce = useOnce(create);
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus className="size-4" aria-hidden="true" />
        New project
      </Button>
      <ProjectDialog
        open={open}
        onClose={() => setOpen(false)}
        title="New project"
        description="One project per property. Add photos once it is created."
        formId={formId}
        submitLabel="Create project"
        pending={create.isPending || create.isSuccess}
        error={create.error ? errorMessage(create.error) : null}
        onSubmit={(fields) => createOnce({ workspaceId: workspace.id, fields })}
      />
    </>
  );
}

export function EditProjectButton({ projectId, fields }: { projectId: string; fields: ProjectFields }) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const saved = useSaved();
  const [open, setOpen] = useState(false);
  const formId = useId();
  const update = useMutation(
    trpc.projects.update.mutationOptions({
      onSuccess: () => {
        setOpen(false);
        saved("Project saved");
      },
    }),
  );
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Pencil className="size-4" aria-hidden="true" />
        Edit details
      </Button>
      <ProjectDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Edit project"
        formId={formId}
        initial={fields}
        submitLabel="Save changes"
        pending={update.isPending}
        error={update.error ? errorMessage(update.error) : null}
        onSubmit={(next) => update.mutate({ workspaceId: workspace.id, projectId, fields: next })}
      />
    </>
  );
}

function ProjectDialog(props: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  formId: string;
  initial?: ProjectFields;
  submitLabel: string;
  pending: boolean;
  error: string | null;
  onSubmit: (fields: ProjectFields) => void;
}) {
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      title={props.title}
      description={props.description}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" form={props.formId} loading={props.pending}>
            {props.submitLabel}
          </Button>
        </>
      }
    >
      {props.error ? (
        <div className="mb-4">
          <ErrorState title="Could not save" message={props.error} />
        </div>
      ) : null}
      <ProjectForm formId={props.formId} initial={props.initial} onSubmit={props.onSubmit} />
    </Dialog>
  );
}

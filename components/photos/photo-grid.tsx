"use client";
import { useMutation } from "@tanstack/react-query";
import { ImagePlus, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC, useTRPCClient } from "@/components/trpc/client";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ResizedImage } from "@/components/ui/resized-image";
import { useToast } from "@/components/ui/toast";
import type { StudioPhoto } from "@/components/workflows/types";

/**
 * Tiles loaded at once with high priority: the first screen's (two rows of four at
 * 1280×800, four tiles on a phone). The rest load lazily as the page scrolls.
 */
const FIRST_SCREEN_TILES = 8;

/**
 * The photos of a project, in the order their files were chosen, each with a delete action
 * (for those the person may delete: shared/roles.ts) that asks first and can be undone for a few seconds.
 */
export function PhotoGrid({ photos }: { photos: (StudioPhoto & { deletable: boolean })[] }) {
  const trpc = useTRPC();
  const router = useRouter();
  const workspace = useWorkspace();
  const toast = useToast();
  const client = useTRPCClient();
  const [deleting, setDeleting] = useState<StudioPhoto | null>(null);
  // The server keeps a deleted photo for its undo window (delete-photo.ts); the toast outlives the dialog.
  const undo = (photo: StudioPhoto) =>
    client.photos.restore.mutate({ workspaceId: workspace.id, photoId: photo.id }).then(
      () => {
        toast(`${photo.fileName} restored`);
        router.refresh();
      },
      (error: unknown) => toast(errorMessage(error), "error"),
    );
  const remove = useMutation(
    trpc.photos.delete.mutationOptions({
      onSuccess: () => {
        const photo = deleting;
        toast(`${photo?.fileName ?? "Photo"} deleted`, "success", photo ? { label: "Undo", onClick: () => void undo(photo) } : undefined);
        setDeleting(null);
        router.refresh();
      },
      onError: (error) => toast(errorMessage(error), "error"),
    }),
  );

  if (photos.length === 0) {
    return (
      <EmptyState
        icon={ImagePlus}
        title="No photos yet"
        description="Upload the listing's photos to start staging rooms and rendering views."
      />
    );
  }
  return (
    <>
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Delete ${deleting?.fileName ?? "this photo"}?`}
        confirmLabel="Delete photo"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ workspaceId: workspace.id, photoId: deleting.id })}
      >
        <p>
          It leaves the project at once; you can undo for a few seconds. Results already made from it are kept, with it as their original.
        </p>
      </ConfirmDialog>
      <ul aria-label="Photos" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {photos.map((photo, index) => (
          <li key={photo.id} className="group relative overflow-hidden rounded-lg bg-stone-100 ring-1 ring-stone-200">
            <figure>
              <ResizedImage
                image={photo}
                alt={photo.fileName}
                sizes="(min-width: 1024px) 240px, (min-width: 640px) 33vw, 50vw"
                priority={index < FIRST_SCREEN_TILES}
                className="aspect-[4/3] w-full object-cover"
              />
              <figcaption className="flex items-center justify-between gap-2 bg-white px-3 py-2 text-xs">
                <span className="truncate font-medium text-stone-800">{photo.fileName}</span>
                <span className="shrink-0 text-stone-600">
                  {photo.width}×{photo.height}
                </span>
              </figcaption>
            </figure>
            {photo.deletable ? (
              <button
                type="button"
                aria-label={`Delete ${photo.fileName}`}
                disabled={remove.isPending}
                onClick={() => setDeleting(photo)}
                className="absolute right-2 top-2 rounded-md bg-white/90 p-1.5 text-stone-700 shadow-sm transition-opacity hover:text-red-700 sm:opacity-0 sm:group-hover:opacity-100 sm:focus-visible:opacity-100"
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}

"use client";
import { useMutation } from "@tanstack/react-query";
import { CheckCircle2, CloudUpload, XCircle } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useRef, useState, type DragEvent } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { Spinner } from "@/components/ui/spinner";
import { ACCEPTED_PHOTO_TYPES, photoFileProblem } from "@/shared/photo-rules";
import { uploadWithProgress } from "./upload-with-progress";

type UploadState = "uploading" | "processing" | "done" | "error";
interface UploadItem {
  id: string;
  name: string;
  progress: number;
  state: UploadState;
  message?: string;
}

const PARALLEL_UPLOADS = 3;

/**
 * Drag-and-drop (or browse) photo upload for a project. Files are checked here first
 * (type, 25 MB), sent straight to storage with presigned URLs, then confirmed so the
 * server checks them again and fixes their orientation. Progress is shown per file.
 */
export function PhotoUploader({ projectId }: { projectId: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const workspace = useWorkspace();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  // Files chosen in the server's HTML, before React has hydrated it, fire a change nobody hears: nothing uploads, nothing says so.
  const hydrated = useHydrated();
  const [dragging, setDragging] = useState(false);
  const [items, setItems] = useState<UploadItem[]>([]);
  // What the last upload added, said once its photos are in the grid (their rows are gone by then).
  const [added, setAdded] = useState<number | null>(null);
  const prepare = useMutation(trpc.photos.prepareUploads.mutationOptions());
  const confirm = useMutation(trpc.photos.confirmUpload.mutationOptions());

  const update = (id: string, patch: Partial<UploadItem>) =>
    setItems((all) => all.map((item) => (item.id === id ? { ...item, ...patch } : item)));

  async function upload(files: File[]) {
    const batch = files.map((file) => ({ file, id: crypto.randomUUID(), problem: photoFileProblem(file) }));
    setAdded(null);
    setItems((all) => [
      ...all.filter((item) => item.state !== "done"),
      ...batch.map(({ file, id, problem }) => ({
        id,
        name: file.name,
        progress: 0,
        state: problem ? ("error" as const) : ("uploading" as const),
        message: problem ?? undefined,
      })),
    ]);
    const valid = batch.filter((entry) => !entry.problem);
    if (valid.length === 0) return;
    let targets;
    try {
      targets = await prepare.mutateAsync({
        workspaceId: workspace.id,
        projectId,
        files: valid.map(({ file }) => ({ fileName: file.name, contentType: file.type, bytes: file.size })),
      });
    } catch (error) {
      for (const { id } of valid) update(id, { state: "error", message: errorMessage(error) });
      return;
    }
    const queue = valid.map((entry, index) => ({ ...entry, target: targets[index] }));
    const finished = new Set<string>();
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const { file, id, target } = next;
        try {
          await uploadWithProgress(target, file, (fraction) => update(id, { progress: fraction }));
          update(id, { state: "processing", progress: 1 });
          await confirm.mutateAsync({ workspaceId: workspace.id, projectId, key: target.key, fileName: file.name });
          update(id, { state: "done" });
          finished.add(id);
        } catch (error) {
          update(id, { state: "error", message: errorMessage(error) });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, queue.length) }, worker));
    // The grid shows the new photos, in the order they were chosen: their rows have done their job. Failures stay, with their reason.
    setItems((all) => all.filter((item) => !finished.has(item.id)));
    setAdded(finished.size);
    router.refresh();
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void upload(Array.from(event.dataTransfer.files));
  }

  return (
    <div className="space-y-3">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cx(
          "flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed px-6 py-8 text-center transition-colors",
          dragging ? "border-accent-600 bg-accent-50" : "border-stone-300 bg-white",
        )}
      >
        <CloudUpload className={cx("size-8", dragging ? "text-accent-700" : "text-stone-500")} aria-hidden="true" />
        <div>
          <p className="text-sm font-medium text-stone-900">Drag photos here</p>
          <p className="text-xs text-stone-600">JPEG, PNG or WebP, up to 25 MB each</p>
        </div>
        <label htmlFor={inputId} className="sr-only">
          Upload photos
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          multiple
          accept={ACCEPTED_PHOTO_TYPES.join(",")}
          className="sr-only"
          tabIndex={-1}
          disabled={!hydrated}
          onChange={(event) => {
            void upload(Array.from(event.target.files ?? []));
            event.target.value = "";
          }}
        />
        <Button variant="secondary" size="sm" disabled={!hydrated} onClick={() => inputRef.current?.click()}>
          Browse files
        </Button>
      </div>
      {added ? (
        <p role="status" className="flex items-center gap-2 text-sm text-stone-700">
          <CheckCircle2 className="size-4 text-emerald-600" aria-hidden="true" />
          {added === 1 ? "1 photo uploaded" : `${added} photos uploaded`}
        </p>
      ) : null}
      {items.length > 0 ? (
        <ul aria-label="Uploads" className="divide-y divide-stone-200 rounded-xl bg-white ring-1 ring-stone-200">
          {items.map((item) => (
            <UploadRow key={item.id} item={item} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function UploadRow({ item }: { item: UploadItem }) {
  const percent = Math.round(item.progress * 100);
  return (
    <li className="flex items-center gap-3 px-4 py-3 text-sm">
      <span className="w-5 shrink-0">
        {item.state === "done" ? (
          <CheckCircle2 className="size-5 text-emerald-600" aria-hidden="true" />
        ) : item.state === "error" ? (
          <XCircle className="size-5 text-red-600" aria-hidden="true" />
        ) : (
          <Spinner className="text-accent-600" />
        )}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex justify-between gap-3">
          <span className="truncate font-medium text-stone-900">{item.name}</span>
          <span className="shrink-0 text-stone-600" aria-live="polite">
            {item.state === "uploading"
              ? `${percent}%`
              : item.state === "processing"
                ? "Processing…"
                : item.state === "done"
                  ? "Uploaded"
                  : "Failed"}
          </span>
        </div>
        {item.state === "error" ? (
          <p className="mt-0.5 text-red-700">{item.message}</p>
        ) : item.state !== "done" ? (
          <div
            role="progressbar"
            aria-label={`Uploading ${item.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-stone-200"
          >
            <div className="h-full rounded-full bg-accent-600 transition-[width]" style={{ width: `${percent}%` }} />
          </div>
        ) : null}
      </div>
    </li>
  );
}

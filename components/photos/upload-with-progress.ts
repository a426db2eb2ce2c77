import type { UploadTarget } from "@/server/storage/types";

/**
 * Sends a file to a presigned upload target with XMLHttpRequest, because fetch() cannot
 * report upload progress: a PUT of the bare file, or an S3 POST form with its signed
 * fields first and the file last (S3 ignores fields after the file). Resolves when
 * storage answers 2xx; rejects with a readable message.
 */
export function uploadWithProgress(target: UploadTarget, file: File, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(target.method, target.url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(new Error(`Storage refused the upload (HTTP ${xhr.status}).`));
    };
    xhr.onerror = () => reject(new Error("The upload was interrupted. Check your connection and try again."));
    if (target.method === "PUT") {
      for (const [name, value] of Object.entries(target.headers)) xhr.setRequestHeader(name, value);
      xhr.send(file);
      return;
    }
    const form = new FormData();
    for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
    form.append("file", file);
    xhr.send(form);
  });
}

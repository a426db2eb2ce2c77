"use client";
import { Download } from "lucide-react";
import { useState } from "react";
import { errorMessage } from "@/components/trpc/client";
import { Button } from "./button";
import { useToast } from "./toast";

/**
 * "Export … as CSV": fetches the file the server wrote (fresh, never from cache) and
 * hands it to the browser as a download; a refusal is a toast in the server's words.
 */
export function CsvExportButton({ label, fetchFile }: { label: string; fetchFile: () => Promise<{ csv: string; fileName: string }> }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const file = await fetchFile();
      const url = URL.createObjectURL(new Blob([file.csv], { type: "text/csv;charset=utf-8" }));
      const link = Object.assign(document.createElement("a"), { href: url, download: file.fileName });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1_000);
    } catch (error) {
      toast(errorMessage(error), "error");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="secondary" loading={busy} onClick={download}>
      <Download className="size-4" aria-hidden="true" />
      {label}
    </Button>
  );
}

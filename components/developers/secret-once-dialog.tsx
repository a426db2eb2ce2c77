"use client";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { CopyButton } from "@/components/workflows/copy-button";

/** A new key or signing secret, shown this once with a copy button: nothing can show it again. */
export function SecretOnceDialog({
  secret,
  title,
  onClose,
  children,
}: {
  secret: string | null;
  title: string;
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <Dialog
      open={secret !== null}
      onClose={onClose}
      title={title}
      description="Copy it now and keep it somewhere safe: it is shown this once, and nobody can show it again."
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <div className="space-y-4 text-sm text-stone-700">
        <div className="flex flex-wrap items-center gap-2">
          <code
            data-testid="revealed-secret"
            className="min-w-0 flex-1 break-all rounded-md bg-stone-900 px-3 py-2 font-mono text-sm text-stone-100"
          >
            {secret}
          </code>
          {secret ? <CopyButton text={secret} /> : null}
        </div>
        {children}
      </div>
    </Dialog>
  );
}

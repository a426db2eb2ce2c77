"use client";
import { useId, useState, type ReactNode } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";
import { TextField } from "./field";

/**
 * Asks before a destructive or public action: what will happen, a Cancel that is the
 * easy way out, and the action named on its button (red unless `confirmVariant` says
 * otherwise, e.g. publishing). With `typeToConfirm`, the action stays off until that
 * exact text (e.g. a workspace's name) is typed.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  children,
  confirmLabel,
  onConfirm,
  pending,
  typeToConfirm,
  confirmVariant = "danger",
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  typeToConfirm?: string;
  confirmVariant?: "danger" | "primary";
}) {
  const [typed, setTyped] = useState("");
  const formId = useId();
  const matches = !typeToConfirm || typed.trim() === typeToConfirm;
  const close = () => {
    setTyped("");
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      size="sm"
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant={confirmVariant} loading={pending} disabled={!matches}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="space-y-4 text-sm text-stone-700"
        onSubmit={(event) => {
          event.preventDefault();
          if (matches && !pending) onConfirm();
        }}
      >
        {children}
        {typeToConfirm ? (
          <TextField
            label={`Type "${typeToConfirm}" to confirm`}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        ) : null}
      </form>
    </Dialog>
  );
}

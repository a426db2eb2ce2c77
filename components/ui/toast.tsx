"use client";
import { CheckCircle2, AlertCircle, X } from "lucide-react";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { cx } from "./cx";

type ToastTone = "success" | "error" | "info";
/** A button in the toast, e.g. Undo after an action that is cheap to take back. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}
interface Toast {
  id: number;
  tone: ToastTone;
  message: string;
  action?: ToastAction;
}

const ToastContext = createContext<((message: string, tone?: ToastTone, action?: ToastAction) => void) | null>(null);
let nextId = 1;

/**
 * Short notices after an action ("Project created"). Rendered in a polite live region
 * (errors assertive) so screen readers announce them; each fades after 5 seconds.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (message: string, tone: ToastTone = "success", action?: ToastAction) => {
      const id = nextId++;
      setToasts((all) => [...all.slice(-3), { id, tone, message, action }]);
      // A toast with an action stays long enough to reach it by keyboard.
      setTimeout(() => dismiss(id), action ? 10_000 : 5000);
    },
    [dismiss],
  );
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4 sm:items-end sm:px-6">
        <div aria-live="polite" className="contents">
          {toasts
            .filter((t) => t.tone !== "error")
            .map((toast) => (
              <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
            ))}
        </div>
        <div aria-live="assertive" className="contents">
          {toasts
            .filter((t) => t.tone === "error")
            .map((toast) => (
              <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
            ))}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const Icon = toast.tone === "error" ? AlertCircle : CheckCircle2;
  return (
    <div
      className={cx(
        "pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl bg-stone-900 px-4 py-3 text-sm text-white shadow-pop",
      )}
    >
      <Icon className={cx("mt-0.5 size-4 shrink-0", toast.tone === "error" ? "text-red-300" : "text-accent-200")} aria-hidden="true" />
      <p className="flex-1">{toast.message}</p>
      {toast.action ? (
        <button
          type="button"
          onClick={() => {
            toast.action?.onClick();
            onDismiss(toast.id);
          }}
          className="rounded px-1 font-semibold text-accent-200 underline-offset-2 hover:underline"
        >
          {toast.action.label}
        </button>
      ) : null}
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        className="rounded p-0.5 text-stone-300 hover:text-white"
        aria-label="Dismiss"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

export function useToast() {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast needs <ToastProvider> (components/providers.tsx).");
  return show;
}

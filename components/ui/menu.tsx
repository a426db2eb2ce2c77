"use client";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { cx } from "./cx";

/**
 * A disclosure menu (menu button pattern, simplified): the trigger toggles a popover
 * of links or buttons; Escape or a click outside closes it and focus returns to the
 * trigger. Items are ordinary focusable elements, so Tab moves through them.
 */
export function Menu({
  trigger,
  triggerLabel,
  children,
  align = "end",
  className,
  placement = "below",
}: {
  trigger: ReactNode;
  triggerLabel: string;
  children: (close: () => void) => ReactNode;
  align?: "start" | "end";
  placement?: "below" | "above";
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div ref={root} className={cx("relative", className)}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={triggerLabel}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-center rounded-lg text-left"
      >
        {trigger}
      </button>
      <div
        id={menuId}
        hidden={!open}
        className={cx(
          "absolute z-40 min-w-56 rounded-xl bg-white p-1.5 shadow-pop ring-1 ring-stone-200",
          align === "end" ? "right-0" : "left-0",
          placement === "below" ? "top-full mt-2" : "bottom-full mb-2",
        )}
      >
        {children(() => setOpen(false))}
      </div>
    </div>
  );
}

export const menuItemClasses =
  "flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-stone-700 hover:bg-stone-100 hover:text-stone-900";

"use client";
import type { UseMutationResult } from "@tanstack/react-query";
import { useRef } from "react";

/** A random UUID, also on plain-http origins where crypto.randomUUID is missing. */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Runs a create or charge once per user action: a second click while the first is in
 * flight is ignored (before React has even re-rendered the disabled button), and the
 * request carries an id made for this action, so the server makes one row and one
 * charge even if the same request arrives twice. `onSend` is told the action's id as
 * the request leaves, in the click's own handler.
 */
export function useOnce<TData, TError, TInput extends { requestId?: string }, TContext>(
  mutation: UseMutationResult<TData, TError, TInput, TContext>,
  onSend?: (requestId: string) => void,
): (input: Omit<TInput, "requestId">) => void {
  const inFlight = useRef(false);
  return (input) => {
    if (inFlight.current) return;
    inFlight.current = true;
    const requestId = newRequestId();
    onSend?.(requestId);
    mutation.mutate({ ...input, requestId } as TInput, {
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };
}

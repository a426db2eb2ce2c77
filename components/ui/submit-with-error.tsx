"use client";
import type { ReactNode } from "react";
import { errorMessage } from "@/components/trpc/client";
import { Button, type ButtonProps } from "./button";

/** A form's submit button, with the server's refusal of the last try above it in plain words. */
export function SubmitWithError({
  error,
  pending,
  variant,
  children,
}: {
  error: unknown;
  pending: boolean;
  variant?: ButtonProps["variant"];
  children: ReactNode;
}) {
  return (
    <>
      {error ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(error)}
        </p>
      ) : null}
      <Button type="submit" variant={variant} loading={pending}>
        {children}
      </Button>
    </>
  );
}

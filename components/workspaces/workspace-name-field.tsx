"use client";
import type { ComponentProps } from "react";
import { TextField } from "@/components/ui/field";

/** A workspace's name, as creating and renaming take it (2 to 80 characters, as the server checks). */
export function WorkspaceNameField(
  props: Omit<ComponentProps<typeof TextField>, "name" | "required" | "minLength" | "maxLength" | "className">,
) {
  return <TextField className="flex-1" name="name" required minLength={2} maxLength={80} {...props} />;
}

import "server-only";
import { randomUUID } from "node:crypto";

/** The local provider keeps no remote record; its status URI just names the operation and run. */
export function localStatusUrl(operation: "redesign" | "inpaint" | "upscale"): string {
  return `local://${operation}/${randomUUID()}`;
}

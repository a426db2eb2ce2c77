import "server-only";
import crypto from "node:crypto";

/** A URL-safe slug from a workspace name; `suffix` adds randomness after a collision. */
export function makeSlug(name: string, suffix = false): string {
  const base =
    name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "workspace";
  return suffix ? `${base}-${crypto.randomBytes(3).toString("hex")}` : base;
}

/**
 * Blob keys. Output URLs need no API key, so their keys must be unguessable (D13): each
 * carries 128 random bits. Keys are also a path inside the local store, so their shape
 * is restricted to make escaping the folder impossible.
 */
import "server-only";
import crypto from "node:crypto";

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** `folder` separates blobs an operator may expire by prefix (a bucket lifecycle rule). */
export function newBlobKey(kind: string, ext: string, folder: "outputs" | "provider-inputs" = "outputs"): string {
  const key = `${folder}/${crypto.randomBytes(16).toString("hex")}/${kind}.${ext}`;
  return assertBlobKey(key);
}

/** Slash-separated segments of letters, digits, "-", "_" and ".", none starting with ".". */
export function isBlobKey(key: string): boolean {
  return key.length > 0 && key.length <= 512 && key.split("/").every((segment) => SEGMENT.test(segment));
}

export function assertBlobKey(key: string): string {
  if (!isBlobKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/** A prefix is a key, optionally cut anywhere (so "outputs/ab" and "outputs/ab/" are fine). */
export function assertBlobPrefix(prefix: string): string {
  const whole = prefix.endsWith("/") ? prefix.slice(0, -1) : prefix;
  if (!isBlobKey(whole)) throw new Error(`Invalid storage prefix: ${JSON.stringify(prefix)}`);
  return prefix;
}

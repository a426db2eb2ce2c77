/**
 * The default store: a folder on this machine, served by app/files/[...key] through
 * signed, expiring links. Each blob is a file at its key; its content type sits in a
 * parallel ".types" tree (no key segment can start with ".", so the two never collide).
 * Writes go to a temporary file first and are renamed into place, so readers never see
 * half a file. An upload link is single-use: its first upload that is stored leaves an
 * empty claim file in a ".uploads" tree, which delete() keeps (the link must not work
 * again after its upload was moved away) and deletePrefix() removes.
 */
import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import { assertBlobKey, assertBlobPrefix, isBlobKey } from "./keys";
import { accessQuery, verifyAccess, type SignedAccess } from "./local-url-signature";
import { UPLOAD_URL_TTL_SECONDS, type BlobStore, type PutTarget, type StoredBlob } from "./types";

export type LocalBlobStoreOptions = {
  root: string;
  /** Origin the app is reached at; links are `${origin}/files/<key>?…`. */
  origin: string;
  ttlSeconds: number;
  signingSecret: () => string;
  now?: () => number;
};

export type OpenedBlob = { stream: fs.ReadStream; size: number; contentType: string };

export class LocalBlobStore implements BlobStore {
  private readonly root: string;
  private readonly origin: string;

  constructor(private readonly options: LocalBlobStoreOptions) {
    this.root = path.resolve(options.root);
    this.origin = new URL(options.origin).origin;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.writeAtomically(this.dataPath(key), (temp) => fsp.writeFile(temp, bytes));
    await this.writeAtomically(this.typePath(key), (temp) => fsp.writeFile(temp, contentType));
  }

  async get(key: string): Promise<StoredBlob | null> {
    try {
      const [bytes, contentType] = await Promise.all([fsp.readFile(this.dataPath(key)), fsp.readFile(this.typePath(key), "utf8")]);
      return { bytes, contentType };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await Promise.all([fsp.rm(this.dataPath(key), { force: true }), fsp.rm(this.typePath(key), { force: true })]);
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertBlobPrefix(prefix);
    await Promise.all(
      [this.root, path.join(this.root, ".types"), path.join(this.root, ".uploads")].map((base) => removeMatching(base, prefix)),
    );
  }

  async url(key: string, ttlSeconds = this.options.ttlSeconds): Promise<string> {
    return this.signedUrl({ method: "GET", key: assertBlobKey(key), expires: this.nowSeconds() + ttlSeconds });
  }

  async resolveOwnUrl(url: string): Promise<string | null> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return null;
    }
    if (parsed.origin !== this.origin || !parsed.pathname.startsWith("/files/")) return null;
    let key: string;
    try {
      key = parsed.pathname.slice("/files/".length).split("/").map(decodeURIComponent).join("/");
    } catch {
      return null;
    }
    return this.verify("GET", key, parsed.searchParams) ? key : null;
  }

  async presignUpload(key: string, contentType: string, maxBytes: number): Promise<PutTarget> {
    const expires = this.nowSeconds() + UPLOAD_URL_TTL_SECONDS;
    const url = this.signedUrl({ method: "PUT", key: assertBlobKey(key), expires, contentType, maxBytes });
    return { url, method: "PUT", headers: { "Content-Type": contentType } };
  }

  /** What a request to app/files may do with `key`, or null when its link is not valid. */
  verify(method: "GET" | "PUT", key: string, query: URLSearchParams): SignedAccess | null {
    if (!isBlobKey(key)) return null;
    return verifyAccess(method, key, query, this.options.signingSecret(), this.nowSeconds());
  }

  /** Opens a blob for streaming; null when it does not exist. */
  async open(key: string): Promise<OpenedBlob | null> {
    try {
      const contentType = await fsp.readFile(this.typePath(key), "utf8");
      const handle = await fsp.open(this.dataPath(key), "r");
      const { size } = await handle.stat();
      return { stream: handle.createReadStream(), size, contentType };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /**
   * Stores an uploaded body, stopping as soon as it passes `maxBytes`; "used" when the
   * link was spent before (it is single-use). A body over the limit spends the link too,
   * so one link cannot be used to send oversized bodies again and again; only a broken
   * connection gives the claim back, so a dropped upload can be tried again.
   */
  async putStream(
    key: string,
    body: ReadableStream<Uint8Array>,
    contentType: string,
    maxBytes: number,
  ): Promise<"stored" | "too_large" | "used"> {
    const claim = this.inside(path.join(this.root, ".uploads"), key);
    await fsp.mkdir(path.dirname(claim), { recursive: true });
    try {
      await (await fsp.open(claim, "wx")).close();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") return "used";
      throw error;
    }
    let total = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        total += chunk.length;
        done(total > maxBytes ? new UploadTooLargeError() : null, chunk);
      },
    });
    try {
      await this.writeAtomically(this.dataPath(key), (temp) =>
        pipeline(Readable.fromWeb(body as NodeWebReadableStream<Uint8Array>), limit, fs.createWriteStream(temp)),
      );
      await this.writeAtomically(this.typePath(key), (temp) => fsp.writeFile(temp, contentType));
    } catch (error) {
      if (error instanceof UploadTooLargeError) return "too_large";
      await fsp.rm(claim, { force: true });
      throw error;
    }
    return "stored";
  }

  private signedUrl(access: SignedAccess): string {
    const encodedKey = access.key.split("/").map(encodeURIComponent).join("/");
    return `${this.origin}/files/${encodedKey}?${accessQuery(access, this.options.signingSecret())}`;
  }

  private nowSeconds(): number {
    return Math.floor((this.options.now?.() ?? Date.now()) / 1000);
  }

  private dataPath(key: string): string {
    return this.inside(this.root, key);
  }

  private typePath(key: string): string {
    return this.inside(path.join(this.root, ".types"), key);
  }

  private inside(base: string, key: string): string {
    const target = path.resolve(base, ...assertBlobKey(key).split("/"));
    // Keys are already restricted; this guards the folder even if that rule changes.
    if (!target.startsWith(base + path.sep)) throw new Error("Storage key escapes the store.");
    return target;
  }

  private async writeAtomically(target: string, write: (temp: string) => Promise<unknown>): Promise<void> {
    const tempDir = path.join(this.root, ".tmp");
    await Promise.all([fsp.mkdir(path.dirname(target), { recursive: true }), fsp.mkdir(tempDir, { recursive: true })]);
    const temp = path.join(tempDir, crypto.randomBytes(12).toString("hex"));
    try {
      await write(temp);
      await fsp.rename(temp, target);
    } finally {
      await fsp.rm(temp, { force: true });
    }
  }
}

class UploadTooLargeError extends Error {}

/** Removes every entry under `base` whose key starts with `prefix`. */
async function removeMatching(base: string, prefix: string): Promise<void> {
  const cut = prefix.lastIndexOf("/");
  const dir = path.join(base, prefix.slice(0, cut + 1));
  const start = prefix.slice(cut + 1);
  const names = await fsp.readdir(dir).catch((error: unknown) => {
    if (isMissing(error)) return [];
    throw error;
  });
  await Promise.all(
    names.filter((name) => name.startsWith(start)).map((name) => fsp.rm(path.join(dir, name), { recursive: true, force: true })),
  );
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

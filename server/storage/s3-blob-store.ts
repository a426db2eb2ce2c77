/**
 * The production store: any S3-compatible bucket (AWS S3, R2, MinIO). Clients read
 * outputs through presigned GET links, made fresh each time a record is read (D13).
 */
import "server-only";
import crypto from "node:crypto";
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { assertBlobKey, assertBlobPrefix, isBlobKey } from "./keys";
import { UPLOAD_URL_TTL_SECONDS, type BlobStore, type PostTarget, type StoredBlob } from "./types";

export type S3BlobStoreOptions = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  ttlSeconds: number;
};

/** SigV4 presigned links cannot live longer than a week. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly ttlSeconds: number;
  private objectUrlBase?: Promise<string>;

  constructor(options: S3BlobStoreOptions) {
    this.bucket = options.bucket;
    this.ttlSeconds = Math.min(options.ttlSeconds, MAX_PRESIGN_SECONDS);
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Many S3-compatible services reject the newer default checksum headers.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: assertBlobKey(key), Body: bytes, ContentType: contentType }));
  }

  async get(key: string): Promise<StoredBlob | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: assertBlobKey(key) }));
      const bytes = Buffer.from(await object.Body!.transformToByteArray());
      return { bytes, contentType: object.ContentType ?? "application/octet-stream" };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: assertBlobKey(key) }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertBlobPrefix(prefix);
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      const objects = (page.Contents ?? []).map((object) => ({ Key: object.Key! }));
      if (objects.length > 0) {
        await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: objects, Quiet: true } }));
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async url(key: string, ttlSeconds = this.ttlSeconds): Promise<string> {
    return this.presignGet(assertBlobKey(key), { expiresIn: ttlSeconds });
  }

  /**
   * Recognises a presigned GET link of this bucket by signing the same request again
   * (same key, date and lifetime) and comparing signatures, so only links this store
   * issued, and that have not expired, resolve.
   */
  async resolveOwnUrl(url: string): Promise<string | null> {
    const link = parseUrl(url);
    const base = await this.urlBase();
    if (!link || !`${link.origin}${link.pathname}`.startsWith(base)) return null;
    const key = decodeKey(`${link.origin}${link.pathname}`.slice(base.length));
    const signedAt = parseAmzDate(link.searchParams.get("X-Amz-Date"));
    const expiresIn = Number(link.searchParams.get("X-Amz-Expires"));
    const signature = link.searchParams.get("X-Amz-Signature") ?? "";
    if (!key || !signedAt || !Number.isSafeInteger(expiresIn)) return null;
    if (signedAt.getTime() + expiresIn * 1000 < Date.now()) return null;
    const expected = new URL(await this.presignGet(key, { expiresIn, signingDate: signedAt })).searchParams.get("X-Amz-Signature") ?? "";
    return signature.length === expected.length && crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected)) ? key : null;
  }

  /**
   * A POST form, not a PUT: only a POST policy can carry a size condition, so S3 itself
   * refuses a file larger than `maxBytes` (or of another type, or for another key).
   */
  async presignUpload(key: string, contentType: string, maxBytes: number): Promise<PostTarget> {
    const { url, fields } = await createPresignedPost(this.client, {
      Bucket: this.bucket,
      Key: assertBlobKey(key),
      Conditions: [
        ["content-length-range", 1, maxBytes],
        ["eq", "$Content-Type", contentType],
      ],
      Fields: { "Content-Type": contentType },
      Expires: UPLOAD_URL_TTL_SECONDS,
    });
    return { url, method: "POST", fields };
  }

  private presignGet(key: string, options: { expiresIn: number; signingDate?: Date }): Promise<string> {
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: key }), options);
  }

  /** Everything before the key in this bucket's object URLs (path- or host-style alike). */
  private urlBase(): Promise<string> {
    this.objectUrlBase ??= this.presignGet("k", { expiresIn: 60 }).then((sample) => {
      const parsed = new URL(sample);
      return `${parsed.origin}${parsed.pathname.slice(0, -1)}`;
    });
    return this.objectUrlBase;
  }
}

function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

function decodeKey(encoded: string): string | null {
  try {
    const key = encoded.split("/").map(decodeURIComponent).join("/");
    return isBlobKey(key) ? key : null;
  } catch {
    return null;
  }
}

/** "20250101T120000Z" → Date. */
function parseAmzDate(value: string | null): Date | null {
  const match = value?.match(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/);
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match.map(Number);
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second));
}

function isNotFound(error: unknown): boolean {
  const named = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return named?.name === "NoSuchKey" || named?.$metadata?.httpStatusCode === 404;
}

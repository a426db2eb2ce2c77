/**
 * Reads a response body while counting bytes, so a lying or missing Content-Length can
 * not make Atrium buffer more than the limit.
 */
import "server-only";
import type { Dispatcher } from "undici";
import { AppError } from "@/server/errors";

export async function readLimited(response: Dispatcher.ResponseData, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) {
    discard(response);
    throw tooLarge(maxBytes);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      discard(response);
      throw tooLarge(maxBytes);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

/** The first `maxBytes` of a body, the rest discarded unread (a log's excerpt of an answer). */
export async function readExcerpt(response: Dispatcher.ResponseData, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    total += chunk.length;
    if (total >= maxBytes) {
      discard(response);
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, maxBytes);
}

// Destroying the body makes undici emit an abort error; nobody else is listening for it.
function discard(response: Dispatcher.ResponseData): void {
  response.body.on("error", () => {});
  response.body.destroy();
}

function tooLarge(maxBytes: number): AppError {
  return new AppError("payload_too_large", `The fetched content is larger than ${maxBytes} bytes.`, {
    details: { max_bytes: maxBytes },
  });
}

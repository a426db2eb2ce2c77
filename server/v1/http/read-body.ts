/**
 * Reads a JSON request body with a byte limit enforced while streaming, so an
 * oversized body is refused without being held in memory.
 */
import "server-only";
import { AppError } from "@/server/errors";

export async function readJsonBody(req: Request, limitBytes: number): Promise<unknown> {
  const type = req.headers.get("content-type");
  if (type && !/^application\/(.+\+)?json\b/i.test(type.trim())) {
    throw new AppError("invalid_request", "The Content-Type must be application/json.");
  }
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limitBytes) throw new AppError("payload_too_large", `The body is over ${limitBytes} bytes.`);
  const text = await readLimited(req, limitBytes);
  if (text.trim() === "") throw new AppError("invalid_json", "The request body is empty.");
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("invalid_json");
  }
}

async function readLimited(req: Request, limitBytes: number): Promise<string> {
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limitBytes) {
      await reader.cancel();
      throw new AppError("payload_too_large", `The body is over ${limitBytes} bytes.`);
    }
    chunks.push(value);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new AppError("invalid_json", "The request body is not valid UTF-8.");
  }
}

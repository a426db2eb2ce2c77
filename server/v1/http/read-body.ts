/**
 * Reads a JSON request body with a byte limit enforced before and while streaming
 * (server/http/read-limited-body.ts), so an oversized body is refused without being held
 * in memory.
 */
import "server-only";
import { AppError } from "@/server/errors";
import { readLimitedBody } from "@/server/http/read-limited-body";

export async function readJsonBody(req: Request, limitBytes: number): Promise<unknown> {
  const type = req.headers.get("content-type");
  if (type && !/^application\/(.+\+)?json\b/i.test(type.trim())) {
    throw new AppError("invalid_request", "The Content-Type must be application/json.");
  }
  const body = await readLimitedBody(req, limitBytes);
  if (body === null) throw new AppError("payload_too_large", `The body is over ${limitBytes} bytes.`);
  const text = decodeUtf8(body);
  if (text.trim() === "") throw new AppError("invalid_json", "The request body is empty.");
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("invalid_json");
  }
}

function decodeUtf8(body: Buffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    throw new AppError("invalid_json", "The request body is not valid UTF-8.");
  }
}

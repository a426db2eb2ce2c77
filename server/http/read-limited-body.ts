/**
 * Reads a request body with a byte bound: a larger Content-Length is refused before a
 * byte is read, and a body without one (or longer than it said) is refused as soon as it
 * passes the bound, its stream cancelled. So a hostile body never sits whole in memory.
 */
import "server-only";

/** The body's bytes, or null when it is over `limitBytes`. */
export async function readLimitedBody(req: Request, limitBytes: number): Promise<Buffer | null> {
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limitBytes) return null;
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limitBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

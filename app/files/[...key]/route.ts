/**
 * Serves and receives files of the local blob store through signed links
 * (server/storage/local-blob-store.ts). A bad, expired or foreign link and a missing file
 * get the same 404, so links reveal nothing about what exists.
 */
import { Readable } from "node:stream";
import { getBlobStore, LocalBlobStore } from "@/server/storage";

export const runtime = "nodejs";

type RouteContext = { params: Promise<{ key: string[] }> };

export async function GET(request: Request, context: RouteContext): Promise<Response> {
  const store = localStore();
  const key = (await context.params).key.join("/");
  const access = store?.verify("GET", key, new URL(request.url).searchParams);
  const file = store && access ? await store.open(key) : null;
  if (!access || !file) return notFound();
  const maxAge = Math.max(0, access.expires - Math.floor(Date.now() / 1000));
  return new Response(Readable.toWeb(file.stream) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.size),
      "Cache-Control": `private, max-age=${maxAge}`,
      "X-Content-Type-Options": "nosniff",
      // Uploaded files share the app's origin: never let one run as a page.
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}

export async function PUT(request: Request, context: RouteContext): Promise<Response> {
  const store = localStore();
  const key = (await context.params).key.join("/");
  const access = store?.verify("PUT", key, new URL(request.url).searchParams);
  if (!store || access?.method !== "PUT") return notFound();
  if (request.headers.get("content-type") !== access.contentType) {
    return new Response("The Content-Type does not match the upload link.", { status: 400 });
  }
  if (!request.body) return new Response("The upload is empty.", { status: 400 });
  if (Number(request.headers.get("content-length") ?? 0) > access.maxBytes) return tooLarge();
  const outcome = await store.putStream(key, request.body, access.contentType, access.maxBytes);
  if (outcome === "used") return new Response("This upload link was used already.", { status: 409 });
  return outcome === "stored" ? new Response(null, { status: 200 }) : tooLarge();
}

/** Signed links only exist for the local store; with S3 this route serves nothing. */
function localStore(): LocalBlobStore | null {
  const store = getBlobStore();
  return store instanceof LocalBlobStore ? store : null;
}

function notFound(): Response {
  return new Response("Not found.", { status: 404, headers: { "Cache-Control": "no-store" } });
}

function tooLarge(): Response {
  return new Response("The upload is larger than the link allows.", { status: 413 });
}

/**
 * The media types Atrium stores, and the file extension each is stored under. Pure:
 * the browser, db and server sides may all import it.
 */
const EXTENSIONS: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "video/mp4": "mp4" };

/** The extension for a content type (parameters ignored); "bin" for anything else. */
export function extensionFor(contentType: string): string {
  return EXTENSIONS[contentType.split(";")[0].trim().toLowerCase()] ?? "bin";
}

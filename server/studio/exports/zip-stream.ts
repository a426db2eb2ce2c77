/**
 * A zip written as it is read, one entry at a time: an entry's bytes are made only when
 * the zip reaches it (yazl's lazy entries), and yazl pipes each entry with backpressure,
 * so a slow download holds back the work instead of piling it up in memory. What stays
 * in memory is the entry being written, never the whole archive. Images and videos are
 * stored as they are (already compressed); text is deflated.
 */
import "server-only";
import { Readable } from "node:stream";
import { ZipFile } from "yazl";

export interface ZipEntry {
  name: string;
  bytes: () => Promise<Buffer>;
  /** Deflate this entry (text); media is stored. */
  compress?: boolean;
}

export function zipStream(entries: readonly ZipEntry[]): Readable {
  const zip = new ZipFile();
  // yazl's output is a PassThrough; its typings say only "a readable stream".
  const output = zip.outputStream as Readable;
  zip.on("error", (error: Error) => output.destroy(error));
  for (const entry of entries) {
    zip.addReadStreamLazy(entry.name, { compress: entry.compress ?? false, mtime: new Date() }, (done) => {
      entry.bytes().then(
        (bytes) => done(null, Readable.from([bytes])),
        (error: Error) => done(error, undefined as unknown as Readable),
      );
    });
  }
  zip.end();
  return output;
}

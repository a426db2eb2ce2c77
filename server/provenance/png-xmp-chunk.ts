/**
 * Puts an XMP packet into a PNG where the XMP specification (part 3, "PNG") says: an
 * uncompressed `iTXt` chunk with keyword `XML:com.adobe.xmp`, right after the header,
 * where XMP readers (Adobe's, exifreader) look. Image and colour chunks are copied as
 * they are (no re-encode); metadata an output may carry (EXIF with a GPS position, text
 * chunks, an earlier XMP record) is dropped, as the re-encode this replaces dropped it.
 */
import "server-only";
import zlib from "node:zlib";

const XMP_KEYWORD = "XML:com.adobe.xmp";
const SIGNATURE_BYTES = 8;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** Metadata chunks: EXIF, text (XMP is an iTXt or zTXt), and the modification time. */
const METADATA_CHUNKS = new Set(["eXIf", "tEXt", "zTXt", "iTXt", "tIME"]);

export function pngWithXmp(png: Buffer, packet: string): Buffer {
  if (!png.subarray(0, SIGNATURE_BYTES).equals(PNG_SIGNATURE)) throw new Error("Not a PNG file: no PNG signature.");
  // keyword\0, compression flag 0, method 0, empty language tag\0, empty translated keyword\0, text
  const xmp = chunk("iTXt", Buffer.concat([Buffer.from(XMP_KEYWORD, "latin1"), Buffer.from([0, 0, 0, 0, 0]), Buffer.from(packet, "utf8")]));
  const parts: Buffer[] = [png.subarray(0, SIGNATURE_BYTES)];
  let offset = SIGNATURE_BYTES;
  while (offset + 12 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (end > png.length) throw new Error("Truncated PNG chunk.");
    if (!METADATA_CHUNKS.has(type)) parts.push(png.subarray(offset, end));
    if (type === "IHDR") parts.push(xmp);
    offset = end;
  }
  return Buffer.concat(parts);
}

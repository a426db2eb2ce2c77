/**
 * libvips stores a PNG's XMP in a compressed `zTXt` chunk. The XMP specification (part 3,
 * "PNG") puts it in an uncompressed `iTXt` chunk with keyword `XML:com.adobe.xmp`, and
 * that is where XMP readers (Adobe's, exifreader) look, so the chunk is rewritten in place.
 */
import zlib from "node:zlib";

const XMP_KEYWORD = "XML:com.adobe.xmp";
const SIGNATURE_BYTES = 8;

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** Replaces a `zTXt` XMP chunk by the equivalent uncompressed `iTXt` chunk; other PNGs are returned as they are. */
export function xmpChunkAsItxt(png: Buffer): Buffer {
  const parts: Buffer[] = [png.subarray(0, SIGNATURE_BYTES)];
  let offset = SIGNATURE_BYTES;
  while (offset + 12 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    const end = offset + 12 + length;
    const data = png.subarray(offset + 8, offset + 8 + length);
    const keywordEnd = data.indexOf(0);
    if (type === "zTXt" && data.toString("latin1", 0, keywordEnd) === XMP_KEYWORD) {
      const xmp = zlib.inflateSync(data.subarray(keywordEnd + 2));
      // keyword\0, compression flag 0, method 0, empty language tag\0, empty translated keyword\0, text
      parts.push(chunk("iTXt", Buffer.concat([Buffer.from(XMP_KEYWORD, "latin1"), Buffer.from([0, 0, 0, 0, 0]), xmp])));
    } else {
      parts.push(png.subarray(offset, end));
    }
    offset = end;
  }
  return Buffer.concat(parts);
}

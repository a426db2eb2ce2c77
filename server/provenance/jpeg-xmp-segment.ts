import "server-only";

/**
 * Puts an XMP packet into a JPEG as its APP1 segment (XMP specification part 3, "JPEG"),
 * leaving every other byte as it was: no decode, no re-encode, so the pixels a provider
 * made are the pixels stored, and a 12 MP output costs no encoder time. Metadata an
 * output may carry (EXIF with a GPS position, IPTC, an earlier XMP record, comments) is
 * dropped, as the re-encode this replaces dropped it; JFIF and the ICC profile, which
 * decide how the pixels look, are kept.
 */
const XMP_SIGNATURE = Buffer.from("http://ns.adobe.com/xap/1.0/\0", "latin1");
const APP0 = 0xe0;
const APP2 = 0xe2;
const ICC_SIGNATURE = Buffer.from("ICC_PROFILE\0", "latin1");
/** A segment's length field counts itself and its payload, at most 65535. */
const MAX_PAYLOAD = 65533;

export function jpegWithXmp(jpeg: Buffer, packet: string): Buffer {
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error("Not a JPEG file: no start-of-image marker.");
  const payload = Buffer.concat([XMP_SIGNATURE, Buffer.from(packet, "utf8")]);
  if (payload.length > MAX_PAYLOAD) throw new Error(`XMP packet of ${payload.length} bytes does not fit one JPEG segment.`);
  const segment = Buffer.alloc(4 + payload.length);
  segment.writeUInt16BE(0xffe1, 0);
  segment.writeUInt16BE(payload.length + 2, 2);
  payload.copy(segment, 4);

  // The leading application segments (APP0–APP15) and comments: ours goes after them.
  const kept: Buffer[] = [jpeg.subarray(0, 2)];
  let offset = 2;
  while (offset + 4 <= jpeg.length && jpeg[offset] === 0xff) {
    const marker = jpeg[offset + 1];
    const isApp = marker >= 0xe0 && marker <= 0xef;
    if (!isApp && marker !== 0xfe) break;
    const end = offset + 2 + jpeg.readUInt16BE(offset + 2);
    if (end > jpeg.length) throw new Error("Truncated JPEG segment.");
    const isIcc = marker === APP2 && jpeg.subarray(offset + 4, offset + 4 + ICC_SIGNATURE.length).equals(ICC_SIGNATURE);
    if (marker === APP0 || isIcc) kept.push(jpeg.subarray(offset, end));
    offset = end;
  }
  return Buffer.concat([...kept, segment, jpeg.subarray(offset)]);
}

/**
 * The QR code burned into a labelled download, pointing at the share page with the
 * unaltered original (California AB 723 asks for a link or QR code on or beside the
 * image). Sized so it still scans after an MLS shrinks the photo to 1024 px on its long
 * side: at least 4 px per module at that size, with the 4-module quiet zone in white.
 */
import "server-only";
import QRCode from "qrcode";

/** Long side MLS systems commonly resize listing photos to. */
export const MLS_LONG_SIDE = 1024;
const MIN_MODULE_PX_AT_MLS_SIZE = 4;
const QUIET_ZONE_MODULES = 4;

export async function qrBadge(url: string, image: { width: number; height: number }): Promise<{ png: Buffer; side: number }> {
  // M: 15 % of the code may be lost (JPEG blocks at the corner) and it still reads.
  const code = QRCode.create(url, { errorCorrectionLevel: "M" });
  const modules = code.modules.size + QUIET_ZONE_MODULES * 2;
  const shrink = Math.min(1, MLS_LONG_SIDE / Math.max(image.width, image.height));
  const scale = Math.max(2, Math.ceil(MIN_MODULE_PX_AT_MLS_SIZE / shrink));
  const png = await QRCode.toBuffer(url, {
    errorCorrectionLevel: "M",
    margin: QUIET_ZONE_MODULES,
    scale,
    color: { dark: "#000000ff", light: "#ffffffff" },
  });
  return { png, side: modules * scale };
}

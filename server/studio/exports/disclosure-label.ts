/**
 * Burns the disclosure into an exported image, as MLS rules and California AB 723 ask
 * for digitally altered listing photos: the statement ("Virtually staged", …) as a dark
 * pill in the bottom-left corner, and a QR code to the share page with the unaltered
 * original in the bottom-right corner, both sized to the image so they stay legible and
 * scannable when an MLS scales the photo down to 1024 px. Where the agent kept areas of
 * the photo exactly (D17), the two are placed outside them: the first of the corner
 * layouts (bottom, then top, then either swapped) that covers none of the kept areas, or
 * the one that covers least. The file's provenance (XMP) is carried into the copy.
 */
import "server-only";
import { keptAt } from "@/server/images/kept-areas";
import { sharp, type OverlayOptions } from "@/server/images/sharp";
import { qrBadge } from "./qr-badge";

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function pillSvg(label: string, fontSize: number, maxWidth: number): { svg: string; width: number; height: number } {
  const padX = Math.round(fontSize * 0.7);
  const height = Math.round(fontSize * 1.8);
  // Text width is estimated (no font metrics here); the pill is generous rather than tight.
  const width = Math.max(height, Math.min(maxWidth, Math.round(label.length * fontSize * 0.6) + padX * 2));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" rx="${Math.round(height / 2)}" fill="#1c1917" fill-opacity="0.82"/>
    <text x="${width / 2}" y="${height / 2}" dominant-baseline="central" text-anchor="middle" textLength="${Math.min(width - padX * 2, Math.round(label.length * fontSize * 0.56))}" lengthAdjust="spacingAndGlyphs"
      font-family="Liberation Sans, DejaVu Sans, Arial, Helvetica, sans-serif" font-weight="700" font-size="${fontSize}" fill="#ffffff">${escapeXml(label)}</text>
  </svg>`;
  return { svg, width, height };
}

export async function burnDisclosureLabel(
  image: Buffer,
  label: string,
  options: { originalUrl?: string | null; keptMask?: Buffer | null } = {},
): Promise<Buffer> {
  const upright = await sharp(image).rotate().toBuffer();
  const { width = 0, height = 0 } = await sharp(upright).metadata();
  const { xmp } = await sharp(image).metadata();
  const fontSize = Math.max(12, Math.round(Math.min(width, height * 1.5) * 0.04));
  const margin = Math.max(4, Math.round(fontSize * 0.6));
  const qr = options.originalUrl ? await qrBadge(options.originalUrl, { width, height }) : null;
  const qrSide = qr?.side ?? 0;
  const pill = pillSvg(label, fontSize, Math.max(fontSize * 4, width - 2 - (qrSide ? qrSide + margin * 3 : 0)));
  const kept = options.keptMask ? await keptAt(options.keptMask, width, height) : null;
  const layout = placement({ width, height, margin, pill, qrSide, kept });
  const layers: OverlayOptions[] = [{ input: Buffer.from(pill.svg), left: layout.pill.left, top: layout.pill.top }];
  if (qr && layout.qr) layers.push({ input: qr.png, left: layout.qr.left, top: layout.qr.top });
  const labelled = sharp(upright).composite(layers);
  return (xmp ? labelled.withXmp(xmp.toString("utf8")) : labelled).jpeg({ quality: 92 }).toBuffer();
}

type Box = { left: number; top: number; width: number; height: number };

/** Where the pill and the QR code go: the first corner layout clear of the kept areas, else the one covering fewest kept pixels. */
function placement(input: {
  width: number;
  height: number;
  margin: number;
  pill: { width: number; height: number };
  qrSide: number;
  kept: Uint8Array | null;
}) {
  const { width, height, margin, pill, qrSide, kept } = input;
  const at = (corner: "bottom-left" | "bottom-right" | "top-left" | "top-right", w: number, h: number): Box => ({
    left: corner.endsWith("left") ? margin : Math.max(0, width - w - margin),
    top: corner.startsWith("top") ? margin : Math.max(0, height - h - margin),
    width: w,
    height: h,
  });
  const layouts = (
    [
      ["bottom-left", "bottom-right"],
      ["top-left", "top-right"],
      ["bottom-right", "bottom-left"],
      ["top-right", "top-left"],
    ] as const
  ).map(([pillAt, qrAt]) => ({ pill: at(pillAt, pill.width, pill.height), qr: qrSide ? at(qrAt, qrSide, qrSide) : null }));
  if (!kept) return layouts[0];
  const covered = (box: Box | null) => {
    if (!box) return 0;
    let count = 0;
    for (let y = box.top; y < Math.min(height, box.top + box.height); y++)
      for (let x = box.left; x < Math.min(width, box.left + box.width); x++) count += kept[y * width + x];
    return count;
  };
  const scored = layouts.map((layout) => ({ layout, covered: covered(layout.pill) + covered(layout.qr) }));
  return (scored.find((s) => s.covered === 0) ?? scored.reduce((best, s) => (s.covered < best.covered ? s : best))).layout;
}

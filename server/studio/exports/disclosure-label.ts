/**
 * Burns the disclosure into an exported image, as MLS rules and California AB 723 ask
 * for digitally altered listing photos: the statement ("Virtually staged", …) as a dark
 * pill in the bottom-left corner, and a QR code to the share page with the unaltered
 * original in the bottom-right corner, both sized to the image so they stay legible and
 * scannable when an MLS scales the photo down to 1024 px.
 */
import "server-only";
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

export async function burnDisclosureLabel(image: Buffer, label: string, options: { originalUrl?: string | null } = {}): Promise<Buffer> {
  const upright = await sharp(image).rotate().toBuffer();
  const { width = 0, height = 0 } = await sharp(upright).metadata();
  const fontSize = Math.max(12, Math.round(Math.min(width, height * 1.5) * 0.04));
  const margin = Math.max(4, Math.round(fontSize * 0.6));
  const layers: OverlayOptions[] = [];
  let qrSide = 0;
  if (options.originalUrl) {
    const qr = await qrBadge(options.originalUrl, { width, height });
    qrSide = qr.side;
    layers.push({ input: qr.png, left: Math.max(0, width - qr.side - margin), top: Math.max(0, height - qr.side - margin) });
  }
  const pill = pillSvg(label, fontSize, Math.max(fontSize * 4, width - 2 - (qrSide ? qrSide + margin * 3 : 0)));
  layers.unshift({ input: Buffer.from(pill.svg), left: margin, top: Math.max(0, height - pill.height - margin) });
  return sharp(upright).composite(layers).jpeg({ quality: 92 }).toBuffer();
}

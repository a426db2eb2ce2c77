/**
 * Burns a disclosure label into an exported image ("Virtually staged"), as MLS rules and
 * California AB 723 ask for digitally altered listing photos: a dark pill with white
 * text in the bottom-left corner, sized to the image so it stays legible when scaled.
 */
import sharp from "sharp";

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function burnDisclosureLabel(image: Buffer, label: string): Promise<Buffer> {
  const source = sharp(image).rotate();
  const { width = 0, height = 0 } = await source.metadata();
  const fontSize = Math.max(12, Math.round(Math.min(width, height * 1.5) * 0.04));
  const padX = Math.round(fontSize * 0.7);
  const boxHeight = Math.round(fontSize * 1.8);
  // Text width is estimated (no font metrics here); the pill is generous rather than tight.
  const boxWidth = Math.min(width - 2, Math.round(label.length * fontSize * 0.6) + padX * 2);
  const margin = Math.max(4, Math.round(fontSize * 0.6));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${boxWidth}" height="${boxHeight}">
    <rect width="${boxWidth}" height="${boxHeight}" rx="${Math.round(boxHeight / 2)}" fill="#1c1917" fill-opacity="0.82"/>
    <text x="${boxWidth / 2}" y="${boxHeight / 2}" dominant-baseline="central" text-anchor="middle"
      font-family="Liberation Sans, DejaVu Sans, Arial, Helvetica, sans-serif" font-weight="700" font-size="${fontSize}" fill="#ffffff">${escapeXml(label)}</text>
  </svg>`;
  return source
    .composite([{ input: Buffer.from(svg), left: margin, top: Math.max(0, height - boxHeight - margin) }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

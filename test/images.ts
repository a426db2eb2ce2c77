import sharp from "sharp";

/**
 * A synthetic room photo: a light wall, a wooden floor and a dark sofa-like block, so
 * image operations have known regions to work on.
 */
export async function roomPhoto(width = 320, height = 240, options: { wall?: string; floor?: string } = {}): Promise<Buffer> {
  const horizon = Math.round(height * 0.62);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${horizon}" fill="${options.wall ?? "#d9d4c7"}"/>
    <rect y="${horizon}" width="${width}" height="${height - horizon}" fill="${options.floor ?? "#8a6642"}"/>
    <rect x="${width * 0.3}" y="${horizon - height * 0.12}" width="${width * 0.4}" height="${height * 0.2}" rx="6" fill="#2e3440"/>
    <rect x="${width * 0.08}" y="${height * 0.12}" width="${width * 0.18}" height="${height * 0.25}" fill="#f4f1ea" stroke="#9a9488" stroke-width="3"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

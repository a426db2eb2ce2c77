/**
 * Drawing helpers for the development set's made-up pairs: regions from the manifest as
 * pixel masks, pixel edits inside them, and things staging adds (furniture, a rug, a
 * lamp, a picture) drawn as shaded SVG shapes.
 */
import { rgbToLab, labToRgb } from "@/server/images/color";
import { sharp } from "@/server/images/sharp";
import type { RgbImage } from "@/server/images/raw-image";

/** [x0, y0, x1, y1] or [[x, y], …], as fractions of the frame. */
export type Box = [number, number, number, number];
export type Polygon = [number, number][];

export const polygonOf = (box: Box): Polygon => [
  [box[0], box[1]],
  [box[2], box[1]],
  [box[2], box[3]],
  [box[0], box[3]],
];

export function boundsOf(polygon: Polygon): Box {
  const xs = polygon.map((p) => p[0]),
    ys = polygon.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

export async function maskOf(polygons: Polygon[], width: number, height: number): Promise<Uint8Array> {
  const shapes = polygons
    .map((poly) => `<polygon points="${poly.map(([x, y]) => `${x * width},${y * height}`).join(" ")}" fill="#fff"/>`)
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#000"/>${shapes}</svg>`;
  const data = await sharp(Buffer.from(svg)).removeAlpha().toColourspace("b-w").raw().toBuffer();
  return Uint8Array.from(data, (v) => (v > 127 ? 1 : 0));
}

/** Each masked pixel through `edit(L, a, b) → [L, a, b]`. */
export function editLab(image: RgbImage, mask: Uint8Array, edit: (lab: number[], p: number) => number[]): RgbImage {
  const data = Buffer.from(image.data);
  const lab = [0, 0, 0];
  for (let p = 0; p < mask.length; p++) {
    if (!mask[p]) continue;
    rgbToLab(data[p * 3], data[p * 3 + 1], data[p * 3 + 2], lab);
    const [l, a, b] = edit(lab, p);
    labToRgb(l, a, b, data, p * 3);
  }
  return { ...image, data };
}

export function medianLab(image: RgbImage, mask: Uint8Array): number[] {
  const channels: number[][] = [[], [], []];
  const lab = [0, 0, 0];
  for (let p = 0; p < mask.length; p++) {
    if (!mask[p]) continue;
    rgbToLab(image.data[p * 3], image.data[p * 3 + 1], image.data[p * 3 + 2], lab);
    for (let c = 0; c < 3; c++) channels[c].push(lab[c]);
  }
  return channels.map((v) => v.sort((x, y) => x - y)[Math.floor(v.length / 2)] ?? 0);
}

/** A seeded generator, so every run makes the same pairs. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => (state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

export async function toJpeg(image: RgbImage, quality = 88): Promise<Buffer> {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

export async function overlay(image: RgbImage, svg: string): Promise<RgbImage> {
  const data = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .composite([{ input: Buffer.from(svg) }])
    .removeAlpha()
    .raw()
    .toBuffer();
  return { ...image, data };
}

const svgOf = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs>
  <linearGradient id="seat" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8d96a0"/><stop offset="1" stop-color="#4a525c"/></linearGradient>
  <linearGradient id="wood" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#6b4a2f"/><stop offset="1" stop-color="#8a6442"/></linearGradient>
  <radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.45"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
  <pattern id="weave" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" fill="#b9a27f"/><path d="M0 0L6 6M6 0L0 6" stroke="#8c7350" stroke-width="1"/></pattern>
  </defs>${body}</svg>`;

/**
 * A sofa, a rug, a low table and a plant standing in the lower part of `area` (only the
 * plant when `area` is null: a photo without floor, e.g. a counter, takes no sofa); a
 * picture on `wall` when given, at most a sixth of the frame across.
 */
export function furnitureSvg(width: number, height: number, area: Box | null, wall: Box | null): string {
  const parts = area ? furniture(width, height, area) : [plant(width * 0.82, height * 0.86, width * 0.1, height * 0.14)];
  if (wall) parts.push(picture(width, height, wall));
  return svgOf(width, height, parts.join(""));
}

/** Only the picture of `furnitureSvg` on `wall`. */
export function pictureSvg(width: number, height: number, wall: Box): string {
  return svgOf(width, height, picture(width, height, wall));
}

/** A framed picture on `wall`, at most a sixth of the frame across. */
function picture(width: number, height: number, wall: Box): string {
  const [wx0, wy0, wx1, wy1] = [wall[0] * width, wall[1] * height, wall[2] * width, wall[3] * height];
  const pw = Math.min((wx1 - wx0) * 0.4, width / 6),
    ph = Math.min((wy1 - wy0) * 0.35, height / 6);
  const [px, py] = [(wx0 + wx1 - pw) / 2, wy0 + (wy1 - wy0) * 0.2];
  return `<rect x="${px}" y="${py}" width="${pw}" height="${ph}" fill="#2b2b2b"/><rect x="${px + 4}" y="${py + 4}" width="${pw - 8}" height="${ph - 8}" fill="#c96f4a"/>`;
}

function plant(x: number, y: number, w: number, h: number): string {
  return `<rect x="${x}" y="${y}" width="${w * 0.7}" height="${h * 0.6}" fill="#7b5a3c"/><ellipse cx="${x + w * 0.35}" cy="${y - h * 0.3}" rx="${w * 0.7}" ry="${h * 0.9}" fill="#3f6b35"/>`;
}

function furniture(width: number, height: number, area: Box): string[] {
  const [x0, y0, x1, y1] = [area[0] * width, area[1] * height, area[2] * width, area[3] * height];
  const w = x1 - x0,
    h = y1 - y0;
  const floorY = y0 + h * 0.55;
  const sofa = { x: x0 + w * 0.18, y: floorY - h * 0.22, w: w * 0.5, h: h * 0.3 };
  return [
    `<ellipse cx="${x0 + w * 0.45}" cy="${y0 + h * 0.8}" rx="${w * 0.3}" ry="${h * 0.12}" fill="url(#weave)"/>`,
    `<ellipse cx="${sofa.x + sofa.w / 2}" cy="${sofa.y + sofa.h}" rx="${sofa.w * 0.55}" ry="${h * 0.05}" fill="url(#shadow)"/>`,
    `<rect x="${sofa.x}" y="${sofa.y}" width="${sofa.w}" height="${sofa.h}" rx="${sofa.h * 0.15}" fill="url(#seat)"/>`,
    `<rect x="${sofa.x + sofa.w * 0.05}" y="${sofa.y + sofa.h * 0.45}" width="${sofa.w * 0.9}" height="${sofa.h * 0.3}" rx="6" fill="#9aa3ad"/>`,
    `<rect x="${x0 + w * 0.35}" y="${y0 + h * 0.72}" width="${w * 0.2}" height="${h * 0.06}" fill="url(#wood)"/>`,
    `<rect x="${x0 + w * 0.37}" y="${y0 + h * 0.78}" width="${w * 0.015}" height="${h * 0.06}" fill="#4a3320"/>`,
    `<rect x="${x0 + w * 0.52}" y="${y0 + h * 0.78}" width="${w * 0.015}" height="${h * 0.06}" fill="#4a3320"/>`,
    plant(x0 + w * 0.8, floorY, w * 0.1, h * 0.2),
  ];
}

/** A table lamp whose shade sits at (x, y), fractions of the frame. */
export function lampSvg(width: number, height: number, x: number, y: number): string {
  const s = Math.max(width, height) * 0.04;
  const [cx, cy] = [x * width, y * height];
  return svgOf(
    width,
    height,
    [
      `<polygon points="${cx - s * 0.6},${cy} ${cx + s * 0.6},${cy} ${cx + s},${cy + s} ${cx - s},${cy + s}" fill="#f3dfb0"/>`,
      `<rect x="${cx - s * 0.08}" y="${cy + s}" width="${s * 0.16}" height="${s * 1.4}" fill="#3a3a3a"/>`,
      `<rect x="${cx - s * 0.5}" y="${cy + s * 2.4}" width="${s}" height="${s * 0.2}" fill="#3a3a3a"/>`,
    ].join(""),
  );
}

/**
 * Synthetic test scenes with known content, drawn as SVG and rasterised by sharp, for the
 * image-processing tests: a room with a ceiling band, a shaded wall, a window, a planked
 * floor and optionally a dark box standing on the floor.
 */
import { sharp } from "@/server/images/sharp";

export interface RoomOptions {
  width?: number;
  height?: number;
  wall?: string;
  floor?: string;
  /** Draws a dark box on the floor; its rectangle is returned in pixels. */
  box?: boolean;
  /** Shifts the window and box horizontally, as a second view of the same room would. */
  shift?: number;
  format?: "png" | "jpeg";
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Row fractions of the drawn layout, so tests can sample regions they know. */
export const ROOM_LAYOUT = { ceilingEnd: 0.1, floorStart: 0.62 } as const;

export function roomBoxRect(width: number, height: number, shift = 0): Rect {
  return {
    x: Math.round(width * (0.42 + shift)),
    y: Math.round(height * 0.7),
    width: Math.round(width * 0.2),
    height: Math.round(height * 0.16),
  };
}

export function roomSvg(options: RoomOptions = {}): string {
  const { width = 256, height = 192, wall = "#c8c0b0", floor = "#8a6a4a", box = false, shift = 0 } = options;
  const ceilingEnd = Math.round(height * ROOM_LAYOUT.ceilingEnd);
  const floorStart = Math.round(height * ROOM_LAYOUT.floorStart);
  const plankHeight = Math.max(4, Math.round(height / 28));
  const planks: string[] = [];
  for (let y = floorStart, row = 0; y < height; y += plankHeight, row++) {
    planks.push(`<rect x="0" y="${y}" width="${width}" height="1" fill="#000" fill-opacity="0.35"/>`);
    for (let x = (row % 3) * (width / 7); x < width; x += width / 2.3) {
      planks.push(`<rect x="${x.toFixed(1)}" y="${y}" width="1" height="${plankHeight}" fill="#000" fill-opacity="0.3"/>`);
    }
  }
  const windowX = Math.round(width * (0.12 + shift));
  const boxRect = roomBoxRect(width, height, shift);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#fff" stop-opacity="0.25"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.2"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="${wall}"/>
  <rect y="${ceilingEnd}" width="${width}" height="${floorStart - ceilingEnd}" fill="url(#shade)"/>
  <rect width="${width}" height="${ceilingEnd}" fill="#f6f5f1"/>
  <rect x="${windowX}" y="${Math.round(height * 0.2)}" width="${Math.round(width * 0.16)}" height="${Math.round(height * 0.28)}" fill="#eef5fb" stroke="#ffffff" stroke-width="2"/>
  <rect y="${floorStart}" width="${width}" height="${height - floorStart}" fill="${floor}"/>
  ${planks.join("\n  ")}
  ${box ? `<rect x="${boxRect.x}" y="${boxRect.y}" width="${boxRect.width}" height="${boxRect.height}" fill="#2a2522"/>` : ""}
</svg>`;
}

export async function syntheticRoom(options: RoomOptions = {}): Promise<Buffer> {
  const image = sharp(Buffer.from(roomSvg(options)));
  return options.format === "jpeg" ? image.jpeg({ quality: 95 }).toBuffer() : image.png().toBuffer();
}

/** A different scene altogether: sky, lawn and a few shapes, nothing like a room. */
export async function syntheticOutdoor(width = 256, height = 192): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="${width}" height="${height}" fill="#3d8fd9"/>
  <rect y="${height * 0.55}" width="${width}" height="${height * 0.45}" fill="#3f9b35"/>
  <circle cx="${width * 0.8}" cy="${height * 0.2}" r="${height * 0.1}" fill="#ffd83a"/>
  <polygon points="${width * 0.1},${height * 0.55} ${width * 0.25},${height * 0.15} ${width * 0.4},${height * 0.55}" fill="#e0442b"/>
  <circle cx="${width * 0.6}" cy="${height * 0.75}" r="${height * 0.12}" fill="#7a2fb5"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

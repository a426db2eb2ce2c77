/**
 * The made-up pairs of the development set, made from its real photos and the regions
 * drawn on them (manifest.json). Kept: what staging may do (re-grade, relight, add
 * furniture, nudge the frame and re-synthesise the grain), and what a faithful declutter
 * gives back (the photo itself, from a source with furniture or a picture drawn in).
 * Changed: what it may not
 * (wall up a window or part of it, repaint walls, replace the floor or ceiling, swap
 * cabinet fronts, take out wall lights). They are deterministic: the same bytes each run.
 */
import { fillHoles } from "@/server/providers/local/fill-holes";
import type { RgbImage } from "@/server/images/raw-image";
import { rgbToLab } from "@/server/images/color";
import type { RedesignType } from "@/shared/vocabulary";
import {
  boundsOf,
  editLab,
  furnitureSvg,
  lampSvg,
  maskOf,
  medianLab,
  overlay,
  pictureSvg,
  polygonOf,
  seeded,
  type Box,
  type Polygon,
} from "./draw";

export interface Base {
  roomType: string;
  walls: Box[];
  ceiling: Polygon;
  windows: Box[];
  floor: Polygon;
  builtIns: Box[];
  fixtures?: Box[];
}

export interface Recipe {
  name: string;
  label: "kept" | "changed";
  what: string;
  /** The redesign type the output stands for; staging unless given (most made-up outputs add furniture). */
  type?: RedesignType;
  /** The made image is the source and the photo itself the output: what a faithful declutter gives back of a room with things in it. */
  reverse?: boolean;
  /** Null when the base has nothing this recipe needs. */
  make(image: RgbImage, base: Base): Promise<RgbImage | null> | RgbImage | null;
}

const area = (base: Base): Box | null => (base.floor.length ? boundsOf(base.floor) : null);

function pixelMap(image: RgbImage, fn: (v: number, c: number, x: number, y: number) => number): RgbImage {
  const data = Buffer.alloc(image.data.length);
  for (let p = 0; p < image.width * image.height; p++) {
    const x = p % image.width,
      y = (p - x) / image.width;
    for (let c = 0; c < 3; c++) data[p * 3 + c] = Math.max(0, Math.min(255, Math.round(fn(image.data[p * 3 + c], c, x, y))));
  }
  return { ...image, data };
}

const furnished = (image: RgbImage, base: Base) =>
  overlay(image, furnitureSvg(image.width, image.height, area(base), base.walls[0] ?? null));

/** Warm light from a lamp: a soft pool of brightness, stronger in red than in blue, around (x, y). */
function lamplight(image: RgbImage, x: number, y: number): RgbImage {
  const sigma = 0.22 * Math.max(image.width, image.height);
  const warm = [0.55, 0.36, 0.12];
  return pixelMap(
    image,
    (v, c, px, py) => v * (1 + warm[c] * Math.exp(-((px - x * image.width) ** 2 + (py - y * image.height) ** 2) / (2 * sigma * sigma))),
  );
}

function grain(image: RgbImage, seed: number, amplitude: number): RgbImage {
  const random = seeded(seed);
  return pixelMap(image, (v) => v + (random() - 0.5) * amplitude);
}

/**
 * The walls' own pixels: those of the annotated wall boxes within ΔE 12 of the boxes'
 * median colour, grown over every connected pixel of that colour, so a repaint covers
 * whole walls up to their edges (a picture, socket or window on them keeps its colour).
 */
async function wallPixels(image: RgbImage, base: Base): Promise<{ mask: Uint8Array; median: number[] } | null> {
  if (!base.walls.length) return null;
  const boxes = await maskOf(base.walls.map(polygonOf), image.width, image.height);
  const median = medianLab(image, boxes);
  const lab = [0, 0, 0];
  const similar = new Uint8Array(boxes.length);
  for (let p = 0; p < similar.length; p++) {
    rgbToLab(image.data[p * 3], image.data[p * 3 + 1], image.data[p * 3 + 2], lab);
    similar[p] = Math.hypot(lab[0] - median[0], lab[1] - median[1], lab[2] - median[2]) < 12 ? 1 : 0;
  }
  const mask = new Uint8Array(boxes.length);
  const stack: number[] = [];
  for (let p = 0; p < boxes.length; p++)
    if (boxes[p] && similar[p]) {
      mask[p] = 1;
      stack.push(p);
    }
  while (stack.length) {
    const p = stack.pop()!;
    const x = p % image.width;
    for (const q of [p - image.width, p + image.width, x > 0 ? p - 1 : -1, x < image.width - 1 ? p + 1 : -1]) {
      if (q >= 0 && q < mask.length && similar[q] && !mask[q]) {
        mask[q] = 1;
        stack.push(q);
      }
    }
  }
  return { mask, median };
}

async function wallColour(image: RgbImage, base: Base, paint: { a: number; b: number; lightness: number }): Promise<RgbImage | null> {
  const walls = await wallPixels(image, base);
  if (!walls) return null;
  const [, wallA, wallB] = walls.median;
  return editLab(image, walls.mask, ([l, a, b]) => [l * paint.lightness, paint.a + (a - wallA) * 0.3, paint.b + (b - wallB) * 0.3]);
}

/** The boxes filled in from their surroundings by the local provider's inpainting. */
async function filled(image: RgbImage, boxes: Box[]): Promise<RgbImage> {
  return fillHoles(image, await maskOf(boxes.map(polygonOf), image.width, image.height));
}

/** The boxes made solid wall: the median colour of a ring around them, with a little grain. */
async function solidWall(image: RgbImage, boxes: Box[]): Promise<RgbImage> {
  const holes = await maskOf(boxes.map(polygonOf), image.width, image.height);
  const around = await maskOf(
    boxes.map((b) => polygonOf(grow(b, 0.03))),
    image.width,
    image.height,
  );
  const [l, a, b] = medianLab(
    image,
    around.map((v, p) => (v && !holes[p] ? 1 : 0)),
  );
  const random = seeded(11);
  return editLab(image, holes, () => [l + (random() - 0.5) * 2, a, b]);
}

export const RECIPES: Recipe[] = [
  {
    name: "regraded",
    label: "kept",
    what: "brighter, more contrast and saturation, warmer white balance, re-encoded",
    make: (image) => pixelMap(image, (v, c) => (v * 1.12 - 8) * [1.06, 1, 0.9][c]),
  },
  {
    name: "exposure",
    label: "kept",
    what: "a brighter exposure: shadows lifted by a tone curve (gamma 0.7)",
    make: (image) => pixelMap(image, (v) => 255 * (v / 255) ** 0.7),
  },
  {
    name: "lamplight",
    label: "kept",
    what: "a table lamp added, its warm light on the wall behind it",
    make: async (image, base) => {
      const wall = base.walls[0] ?? [0.3, 0.3, 0.7, 0.6];
      const [x, y] = [(wall[0] + wall[2]) / 2, (wall[1] + wall[3]) / 2];
      return overlay(lamplight(image, x, y), lampSvg(image.width, image.height, x, Math.min(0.85, y + 0.12)));
    },
  },
  { name: "furnished", label: "kept", what: "a sofa, a rug, a low table, a plant and a picture added", make: furnished },
  {
    name: "emptied",
    label: "kept",
    type: "declutter",
    reverse: true,
    what: "a declutter of the room with a sofa, a rug, a low table and a plant in it: the photo without them",
    make: (image, base) => overlay(image, furnitureSvg(image.width, image.height, area(base), null)),
  },
  {
    name: "picture-taken-down",
    label: "kept",
    type: "declutter",
    reverse: true,
    what: "a declutter of the room with a picture on the wall: the photo without it",
    make: (image, base) => (base.walls.length ? overlay(image, pictureSvg(image.width, image.height, base.walls[0])) : null),
  },
  {
    name: "nudged",
    label: "kept",
    what: "the frame moved by 2 px and scaled by 1 %, fresh grain, as a model that re-synthesises the image gives back",
    make: (image) => {
      const moved = pixelMap(image, (_v, c, x, y) => {
        const sx = Math.min(image.width - 1, Math.round((x - 2) * 0.99 + image.width * 0.005));
        const sy = Math.min(image.height - 1, Math.max(0, Math.round((y + 1) * 0.99 + image.height * 0.005)));
        return image.data[(sy * image.width + Math.max(0, sx)) * 3 + c];
      });
      return grain(moved, 7, 16);
    },
  },
  {
    name: "window-walled-up",
    label: "changed",
    what: "a window walled up in the colour of the wall around it",
    make: (image, base) => (base.windows.length ? solidWall(image, [grow(base.windows[0], 0.01)]) : null),
  },
  {
    name: "window-part-solid",
    label: "changed",
    what: "a quarter of a window (or glass wall) made solid wall, the rest kept, photo re-graded",
    make: async (image, base) => {
      if (!base.windows.length) return null;
      const [x0, y0, x1, y1] = base.windows[0];
      const part: Box = [x0 + (x1 - x0) / 2, y0, x1, y0 + (y1 - y0) / 2];
      return pixelMap(await solidWall(image, [part]), (v) => v * 1.08 - 4);
    },
  },
  {
    name: "walls-blue",
    label: "changed",
    what: "walls repainted blue, furniture added",
    make: async (image, base) => withFurniture(await wallColour(image, base, { a: -4, b: -24, lightness: 0.9 }), base),
  },
  {
    name: "walls-sage",
    label: "changed",
    what: "walls repainted a pale sage green, furniture added",
    make: async (image, base) => withFurniture(await wallColour(image, base, { a: -14, b: 10, lightness: 0.95 }), base),
  },
  {
    name: "floor-retiled",
    label: "changed",
    what: "the floor replaced by large pale tiles with grout lines, furniture added",
    make: async (image, base) => (base.floor.length ? withFurniture(await tiledFloor(image, base.floor, [86, -1, 4]), base) : null),
  },
  {
    name: "floor-same-colour",
    label: "changed",
    what: "the floor's material changed (tiles with grout lines) in its own average colour",
    make: async (image, base) => (base.floor.length ? tiledFloor(image, base.floor, null) : null),
  },
  {
    name: "ceiling-wood",
    label: "changed",
    what: "the ceiling clad in wood boards",
    make: async (image, base) => {
      if (!base.ceiling.length) return null;
      const mask = await maskOf([base.ceiling], image.width, image.height);
      return editLab(image, mask, ([l], p) => [l * 0.62 - (Math.floor((p % image.width) / (image.width / 24)) % 2) * 6, 9, 26]);
    },
  },
  {
    name: "cabinets-swapped",
    label: "changed",
    what: "cabinet fronts replaced by flat white slabs without handles",
    make: async (image, base) => {
      if (!base.builtIns.length || !["kitchen", "bathroom"].includes(base.roomType)) return null;
      const mask = await maskOf([polygonOf(base.builtIns[0])], image.width, image.height);
      return grain(
        editLab(image, mask, ([l]) => [88 + (l - 50) * 0.05, 0, 2]),
        3,
        6,
      );
    },
  },
  {
    name: "fixtures-removed",
    label: "changed",
    what: "the wall lights taken out and the wall filled in",
    make: (image, base) =>
      base.fixtures?.length
        ? filled(
            image,
            base.fixtures.map((b) => grow(b, 0.01)),
          )
        : null,
  },
];

function grow([x0, y0, x1, y1]: Box, by: number): Box {
  return [Math.max(0, x0 - by), Math.max(0, y0 - by), Math.min(1, x1 + by), Math.min(1, y1 + by)];
}

async function withFurniture(image: RgbImage | null, base: Base): Promise<RgbImage | null> {
  return image ? overlay(image, furnitureSvg(image.width, image.height, area(base), null)) : null;
}

/** The floor polygon re-laid in square tiles in perspective (rows closer together towards the back), shading kept; colour `lab`, or the floor's own. */
async function tiledFloor(image: RgbImage, floor: Polygon, lab: number[] | null): Promise<RgbImage> {
  const mask = await maskOf([floor], image.width, image.height);
  const [floorL, floorA, floorB] = lab ?? medianLab(image, mask);
  const [, top, , bottom] = boundsOf(floor).map((v, i) => v * (i % 2 ? image.height : image.width));
  const vanishX = image.width / 2;
  return editLab(image, mask, ([l], p) => {
    const x = p % image.width,
      y = (p - x) / image.width;
    // Depth grows as 1 / (distance below the top of the floor): rows of tiles every 0.5 in depth.
    const depth = (bottom - top) / Math.max(1, y - top + (bottom - top) * 0.15);
    const across = ((x - vanishX) / Math.max(1, y - top + (bottom - top) * 0.15)) * 4;
    const grout = Math.abs(depth * 2 - Math.round(depth * 2)) < 0.06 || Math.abs(across - Math.round(across)) < 0.05;
    return [grout ? floorL * 0.55 : floorL + (l - floorL) * 0.15, floorA, floorB];
  });
}

/**
 * Whether the floor is still the same floor. Staging puts furniture and rugs on it, so
 * the floor is compared only where it stays visible in both images: outside the areas
 * the change map finds changed (change-map.ts: whatever the output added, or a floor
 * recoloured). There, its material is compared by statistics a global grade leaves
 * alone: texture on the standardised grey (zero mean, unit variance over the whole
 * image, so brightness and contrast do not count) and the colour test the change map
 * already applied.
 *
 * - `visible`: the share of the floor zone's nearer half outside the changed areas. A
 *   floor refinished in another colour changes all of it; furniture and rugs leave floor
 *   around them, so under a fifth left means the floor itself was replaced (or buried
 *   under things, which a listing may not show either).
 * - `materialChanged`: the floor zone in cells of about a sixteenth of the long side;
 *   a cell at least 60 % visible compares its texture: its mean gradient magnitude
 *   (planks, tiles and grout lines against plain concrete or carpet) and the
 *   distribution of its gradient directions (planks run one way, tiles two, concrete
 *   none). A cell changed when the magnitude moved by more than a factor 2 or the
 *   direction histograms overlap less than 0.7 (Bhattacharyya, only where both have
 *   texture to have a direction). Over half the visible cells changed: the material
 *   changed though its colour was kept (grey concrete to grey tile).
 * - `linesChanged`: the same visible cells compared by where their lines are, not by
 *   their statistics: boards and tiles both show joints receding to the vanishing point
 *   and across, so a floor re-laid in its own colour keeps the histograms but not the
 *   joints' places. A floor pixel is a line where the standardised grey's Sobel
 *   magnitude is above 1 (fainter than the walls' lines: joints are fainter than window
 *   frames); a source line is kept when the output has an edge running the same way
 *   (within 30°, half the magnitude) within 2 px, an output line is the source's when
 *   the source has one so. Where the colour moved beyond light by the finer test of
 *   surface-colour.ts, or near the output's strong new lines (structure-lines.ts
 *   `added`), nothing counts: a wood table on a wood floor escapes the change map's
 *   ΔE 14, and objects have strong outlines where joints are faint. A cell changed when
 *   lines lost or new cover more than a tenth of its visible pixels (judged on ten
 *   visible cells or more). Furniture and rugs are outside the visible floor, so what
 *   is left of the floor keeps its joints as the walls keep their frames; over a fifth
 *   of the visible cells with other joints is another floor.
 */
import "server-only";
import { morph, sobelGradient } from "./edges";
import { nearestLike } from "./structure-lines";
import { mapToBytes } from "./typed-map";

export const FLOOR_THRESHOLDS = {
  /** Least share of the floor band that must stay visible (not covered or recoloured). */
  minVisible: 0.2,
  /** Largest share of visible floor cells whose texture may differ. */
  maxMaterialChanged: 0.5,
  /** Largest share of visible floor cells whose joints moved (lines lost or new). */
  maxLinesChanged: 0.2,
  /** A cell's texture differs beyond this factor of mean gradient magnitude… */
  energyFactor: 2,
  /** …or when its gradient directions overlap less than this. */
  minDirectionOverlap: 0.7,
} as const;

const BINS = 6;
/** Mean gradient magnitude (standardised grey, Sobel) under which a cell has no texture to speak of: noise and JPEG blocks. */
const FLAT = 0.15;
const MIN_CELL_VISIBLE = 0.6;
/** A floor line: Sobel magnitude on standardised grey above this. */
const FLOOR_LINE = 1;
/** A cell's joints moved when lines lost or new cover more than this share of its visible pixels. */
const CELL_LINES_MOVED = 0.1;
const LINE_MATCH_RADIUS = 2;
/**
 * Joints are judged on at least this many visible cells: an object in the floor's own
 * tone (a wood table on a wood floor) moves the lines of a cell or two, which on a few
 * cells would be a fifth of them.
 */
const MIN_CELLS_FOR_LINES = 10;

export interface FloorScore {
  visible: number;
  /** Null when too few cells are visible to judge. */
  materialChanged: number | null;
  /** Share of visible cells whose lines moved; null when fewer than ten cells are visible. */
  linesChanged: number | null;
}

/** `zone`: the floor's pixels (1) in the frame, `rect` their bounds. */
export function floorMaterial(input: {
  srcGrey: Float32Array;
  outGrey: Float32Array;
  changed: Uint8Array;
  recoloured: Uint8Array;
  outlines: Uint8Array;
  zone: Uint8Array;
  width: number;
  height: number;
  rect: { x0: number; y0: number; x1: number; y1: number };
}): FloorScore {
  const { width, height, rect, zone } = input;
  // Joints are compared where the floor kept its colour by the structure check's own finer
  // test too (`recoloured`, surface-colour.ts: a wood table on a wood floor escapes the
  // change map's ΔE 14), and away from strong new lines, which outline things set on it.
  const otherThanFloor = morph(input.recoloured, width, height, -2);
  const outlined = morph(input.outlines, width, height, -2);
  // The changed areas' rims are the objects' own edges and shadows: grown by 2 px.
  const hidden = morph(input.changed, width, height, -2);
  const srcGradient = sobelGradient(input.srcGrey, width, height);
  const outGradient = sobelGradient(input.outGrey, width, height);
  const src = directional(srcGradient);
  const out = directional(outGradient);
  const moved = (p: number) =>
    (srcGradient.magnitude[p] > FLOOR_LINE &&
      nearestLike(outGradient, p, srcGradient.direction[p], FLOOR_LINE / 2, width, height) > LINE_MATCH_RADIUS) ||
    (outGradient.magnitude[p] > FLOOR_LINE &&
      nearestLike(srcGradient, p, outGradient.direction[p], FLOOR_LINE / 2, width, height) > LINE_MATCH_RADIUS);
  const cell = Math.max(8, Math.round(Math.max(width, height) / 16));
  // Coverage is judged on the nearer half of the floor: the far half mixes in the foot of
  // the back wall, which a floor band drawn without a segmentation model cannot leave out.
  const near = Math.round((rect.y0 + rect.y1) / 2);
  let area = 0,
    visible = 0,
    cells = 0,
    changedCells = 0,
    movedCells = 0;
  for (let cy = rect.y0; cy < rect.y1; cy += cell) {
    for (let cx = rect.x0; cx < rect.x1; cx += cell) {
      const s = new Float64Array(BINS),
        o = new Float64Array(BINS);
      let seen = 0,
        movedLines = 0;
      for (let y = cy; y < Math.min(cy + cell, rect.y1); y++) {
        for (let x = cx; x < Math.min(cx + cell, rect.x1); x++) {
          const p = y * width + x;
          if (!zone[p]) continue;
          if (y >= near) {
            area++;
            if (!hidden[p]) visible++;
          }
          if (hidden[p]) continue;
          seen++;
          if (!outlined[p] && !otherThanFloor[p] && moved(p)) movedLines++;
          s[src.bin[p]] += src.magnitude[p];
          o[out.bin[p]] += out.magnitude[p];
        }
      }
      // A cell mostly outside the floor, or mostly hidden, says too little about its texture.
      if (seen === 0 || seen < MIN_CELL_VISIBLE * cell * cell) continue;
      cells++;
      if (textureDiffers(s, o, seen)) changedCells++;
      if (movedLines > CELL_LINES_MOVED * seen) movedCells++;
    }
  }
  return {
    visible: area ? visible / area : 1,
    materialChanged: cells >= 4 ? changedCells / cells : null,
    linesChanged: cells >= MIN_CELLS_FOR_LINES ? movedCells / cells : null,
  };
}

function textureDiffers(src: Float64Array, out: Float64Array, count: number): boolean {
  const energy = (h: Float64Array) => h.reduce((a, b) => a + b, 0) / count;
  const [es, eo] = [energy(src), energy(out)];
  if (Math.max(es, eo) < FLAT) return false;
  if (
    Math.max(es, FLAT) / Math.max(eo, FLAT) > FLOOR_THRESHOLDS.energyFactor ||
    Math.max(eo, FLAT) / Math.max(es, FLAT) > FLOOR_THRESHOLDS.energyFactor
  )
    return true;
  if (Math.min(es, eo) < FLAT) return false;
  let overlap = 0;
  const [ts, to] = [es * count, eo * count];
  for (let b = 0; b < BINS; b++) overlap += Math.sqrt((src[b] / ts) * (out[b] / to));
  return overlap < FLOOR_THRESHOLDS.minDirectionOverlap;
}

/** Sobel magnitude and its direction in BINS bins over [0, π). */
function directional({ magnitude, direction }: { magnitude: Float32Array; direction: Float32Array }): {
  magnitude: Float32Array;
  bin: Uint8Array;
} {
  return { magnitude, bin: mapToBytes(direction, (d) => Math.min(BINS - 1, Math.floor(d / (Math.PI / BINS)))) };
}

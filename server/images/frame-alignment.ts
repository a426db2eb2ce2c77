/**
 * Putting the source photo into the output's frame before comparing them. Generative
 * models re-frame what they are given: they nudge it by a few pixels, rescale it by a few
 * percent (not always by the same amount across and down: a photo resized to the model's
 * own size and back), or crop it to another aspect ratio (a 3:4 photo returned as 2:3). A
 * shift-only alignment leaves every line of a rescaled output a few pixels off, which
 * reads as the room's lines lost.
 *
 * The frames are matched on the room itself: ORB corners of both images at 512 px,
 * matched by Hamming distance with Lowe's ratio test (a match must be clearly better than
 * the runner-up: re-synthesised textures give many near ties), then RANSAC keeps the
 * matches one affine map explains (what the output added or restyled has corners of its
 * own, which must not pull the fit), refined on them. The map must be a re-framing:
 * scales within ALIGNMENT_LIMITS, the two scales alike, a slight rotation and no shear.
 * The source is warped into the output's frame (from 512 px, so the warp never
 * magnifies), and both are cropped to the largest upright rectangle the two frames
 * share: nothing is compared where only one of them shows the room.
 *
 * A pair whose map is the plain "same frame" mapping within SAME_FRAME_TOLERANCE keeps
 * that mapping and the whole-pixel shift (no resampling of what was not moved). A source
 * with too few corners to match (a drawn test room, a flat render) keeps it too when both
 * have the same aspect ratio, and so does an output with too few matches to fit a map
 * whose few matches mostly lie where they were (a declutter that smoothed the texture). Otherwise a pair whose corners do not agree on one
 * re-framing cannot be aligned: the model drew the room from another camera, or redrew
 * it, and the caller says so rather than compare two different views.
 *
 * Pasting the source's own pixels into an output (restore-kept.ts) needs the other
 * direction and more precision: `framingAtFullSize` fits the same map, scales it to the
 * images' full sizes and brings the output into the source's frame, so the source is
 * never resampled.
 */
import "server-only";
import { loadOpenCv } from "@/server/providers/local/opencv";
import { bestShift, shifted } from "./align";
import { greyOf } from "./edges";
import { decodeRgb, resizeRgb, type RgbImage } from "./raw-image";

/** Limits of a re-framing the check still undoes; beyond them the output is another view. */
export const ALIGNMENT_LIMITS = {
  /** The output's scale against the source's, either way. */
  maxScale: 1.35,
  /** How far the scales across and down may differ (a resize to the model's size and back). */
  maxAnisotropy: 0.12,
  /** Rotation, degrees. */
  maxRotation: 6,
  /** Shear (the map's columns' angle from square), radians. */
  maxShear: 0.08,
  /** The least share of the output's frame that must show the source. */
  minOverlap: 0.6,
  /** Matches RANSAC must keep, and their share of the matches that passed the ratio test. */
  minInliers: 24,
  minInlierShare: 0.3,
  /** Fewer ORB corners than this in the source: too little texture to match at all. */
  minCorners: 150,
  /** Aspect ratios within this (relative) are the same frame when no map can be fitted. */
  sameAspect: 0.01,
} as const;

export const FEATURE_SIDE = 512;
const RATIO_TEST = 0.8;
const FINE_SHIFT = 2;
/** Too few matches to fit a map, but at least MIN_IN_PLACE of them, IN_PLACE_SHARE within MATCHED_IN_PLACE feature pixels of where the same frame puts them: the frame stayed put. */
const MIN_IN_PLACE = 8;
const IN_PLACE_SHARE = 0.6;
const MATCHED_IN_PLACE = 3;
/** A map within this many working pixels of the same-frame mapping everywhere is that mapping: the matches' noise, not a re-framing (the line measures allow 2 to 3 px). */
const SAME_FRAME_TOLERANCE = 2;
/** The same for pasting: half a feature pixel (4 px of a 4000 px photo), within the seam restore-kept.ts blends over. */
const PASTE_SAME_FRAME_TOLERANCE = 0.5;

export type Alignment =
  | {
      aligned: true;
      /** The source, in the output's frame, cropped with it. */
      source: RgbImage;
      output: RgbImage;
      /** The whole-pixel offset applied last (its border says nothing). */
      shift: { dx: number; dy: number };
      /** How the output re-framed the source: null for the same frame. */
      reframing: Reframing | null;
      /** Where the compared images lie in the output's frame, as fractions of it. */
      window: { x: number; y: number; width: number; height: number };
      /** The areas kept from the photo (a keep mask, in the source's frame) moved with the source: 1 where kept; null without a mask. */
      kept: Uint8Array | null;
    }
  | { aligned: false; reason: string };

export interface Reframing {
  /** The output's scale against the source's across and down, relative to the same frame (1.1: zoomed in by a tenth). */
  scaleX: number;
  scaleY: number;
  /** Degrees. */
  rotation: number;
  /** Share of the output's frame compared (the shared upright rectangle). */
  overlap: number;
}

/** A 2×3 affine map from one frame's pixels to another's (here from output pixels to source pixels), row-major. */
export type AffineMap = [number, number, number, number, number, number];

const WHOLE_FRAME = { x: 0, y: 0, width: 1, height: 1 };

/**
 * Aligns `sourceBytes` to `outputBytes`; the output is compared at `workSide` px on its
 * long side. `keptMask` (a keep mask in the source's frame, white where kept) is moved
 * exactly as the source is.
 */
export async function alignFrames(
  sourceBytes: Buffer,
  outputBytes: Buffer,
  workSide: number,
  keptMask: Buffer | null = null,
): Promise<Alignment> {
  const [source, outputLarge] = await Promise.all([decodeRgb(sourceBytes, FEATURE_SIDE), decodeRgb(outputBytes, FEATURE_SIDE)]);
  const mask = keptMask ? await decodeRgb(keptMask).then((image) => resizeRgb(image, source.width, source.height)) : null;
  const factor = Math.min(1, workSide / Math.max(outputLarge.width, outputLarge.height));
  const output =
    factor < 1
      ? await resizeRgb(outputLarge, Math.round(outputLarge.width * factor), Math.round(outputLarge.height * factor))
      : outputLarge;
  const sameAspect = Math.abs(source.width / source.height / (output.width / output.height) - 1) <= ALIGNMENT_LIMITS.sameAspect;
  const fit = await fitMap(await cornersOf(source), await cornersOf(outputLarge));
  // From working output pixels to source pixels.
  const toLarge = outputLarge.width / output.width;
  const map =
    fit.map &&
    ([fit.map[0] * toLarge, fit.map[1] * toLarge, fit.map[2], fit.map[3] * toLarge, fit.map[4] * toLarge, fit.map[5]] as AffineMap);
  const same = sameFrameMap(source, output);

  if (map ? sameAspect && maxDisplacement(map, same, output) <= SAME_FRAME_TOLERANCE : sameAspect && (fit.featureless || fit.stayedPut)) {
    const resized = await resizeRgb(source, output.width, output.height);
    const shift = bestShift(resized, output, 3);
    const kept = mask && keptOf(shifted(await resizeRgb(mask, output.width, output.height), shift.dx, shift.dy));
    return { aligned: true, source: shifted(resized, shift.dx, shift.dy), output, shift, reframing: null, window: WHOLE_FRAME, kept };
  }
  if (!map) return { aligned: false, reason: fit.reason ?? "no framing found" };
  const reframing = describe(map, same);
  const problem = implausible(map, reframing);
  if (problem) return { aligned: false, reason: problem };
  const rect = sharedRect(map, source, output);
  const overlap = ((rect.x1 - rect.x0) * (rect.y1 - rect.y0)) / (output.width * output.height);
  if (overlap < ALIGNMENT_LIMITS.minOverlap) return { aligned: false, reason: tooLittleShown(overlap) };
  const warped = crop(await warpInto(source, output, map), rect);
  const cropped = crop(output, rect);
  const shift = bestShift(warped, cropped, FINE_SHIFT);
  const window = {
    x: rect.x0 / output.width,
    y: rect.y0 / output.height,
    width: (rect.x1 - rect.x0) / output.width,
    height: (rect.y1 - rect.y0) / output.height,
  };
  const kept = mask && keptOf(shifted(crop(await warpInto(mask, output, map), rect), shift.dx, shift.dy));
  return {
    aligned: true,
    source: shifted(warped, shift.dx, shift.dy),
    output: cropped,
    shift,
    reframing: { ...reframing, overlap },
    window,
    kept,
  };
}

const tooLittleShown = (overlap: number) =>
  `the output shows ${Math.round(overlap * 100)} % of the photo's frame, under ${ALIGNMENT_LIMITS.minOverlap * 100} %`;

/** 1 where a mask moved as an RGB image is white (its first channel at 128 or more). */
function keptOf(mask: RgbImage): Uint8Array {
  const kept = new Uint8Array(mask.width * mask.height);
  for (let p = 0; p < kept.length; p++) kept[p] = mask.data[p * 3] >= 128 ? 1 : 0;
  return kept;
}

/** The output in the source's frame at full size, for pasting the source's own pixels into it: nothing of the source is resampled. */
export type FullFraming =
  | {
      aligned: true;
      /** The output brought into the source's frame, cropped to `rect`. */
      output: RgbImage;
      /** The part of the source's frame the output shows (all of it unless the model re-framed the photo). */
      rect: { x0: number; y0: number; x1: number; y1: number };
      /** How the output re-framed the source: null for the same frame. */
      reframing: Reframing | null;
    }
  | { aligned: false; reason: string };

/**
 * Brings a full-size output into its full-size source's frame. `sourceCorners`: the
 * source's corners at the feature size, found once for all its outputs; `outputCorners`:
 * the output's, when the caller found them (from the output decoded small: shrinking on
 * load is cheaper than from the full-size pixels). The map is fitted as `alignFrames`
 * fits it (ORB at 512 px, RANSAC, the same plausibility limits) and scaled to the full
 * sizes. Pasting needs more precision than measuring: a map within half a feature pixel of
 * the same frame is the same frame (the output only resized to the source's size, if it
 * differs); beyond, the output is warped into the source's frame and cropped to the
 * upright rectangle it covers.
 */
export async function framingAtFullSize(
  source: RgbImage,
  sourceCorners: Corners,
  output: RgbImage,
  outputCorners?: Corners,
): Promise<FullFraming> {
  const small = outputCorners ?? (await cornersOf(await smallOf(output)));
  const sameAspect = Math.abs(source.width / source.height / (output.width / output.height) - 1) <= ALIGNMENT_LIMITS.sameAspect;
  const whole = { x0: 0, y0: 0, x1: source.width, y1: source.height };
  const sameFrame = async (): Promise<FullFraming> => ({
    aligned: true,
    output:
      output.width === source.width && output.height === source.height ? output : await resizeRgb(output, source.width, source.height),
    rect: whole,
    reframing: null,
  });
  const fit = await fitMap(sourceCorners, small);
  if (!fit.map) return fit.featureless && sameAspect ? sameFrame() : { aligned: false, reason: fit.reason };
  const same = sameFrameMap(sourceCorners, small);
  if (sameAspect && maxDisplacement(fit.map, same, small) <= PASTE_SAME_FRAME_TOLERANCE) return sameFrame();
  const reframing = describe(fit.map, same);
  const problem = implausible(fit.map, reframing);
  if (problem) return { aligned: false, reason: problem };

  // From full output pixels to full source pixels, then its inverse: where each source pixel lies in the output.
  const [sx, sy] = [source.width / sourceCorners.width, source.height / sourceCorners.height];
  const [ox, oy] = [output.width / small.width, output.height / small.height];
  const m = fit.map;
  const toSource: AffineMap = [(sx * m[0]) / ox, (sx * m[1]) / oy, sx * m[2], (sy * m[3]) / ox, (sy * m[4]) / oy, sy * m[5]];
  const toOutput = inverse(toSource);
  const rect = sharedRect(toOutput, output, source);
  const overlap = ((rect.x1 - rect.x0) * (rect.y1 - rect.y0)) / (source.width * source.height);
  if (overlap < ALIGNMENT_LIMITS.minOverlap) return { aligned: false, reason: tooLittleShown(overlap) };
  const shiftedMap: AffineMap = [
    toOutput[0],
    toOutput[1],
    toOutput[0] * rect.x0 + toOutput[1] * rect.y0 + toOutput[2],
    toOutput[3],
    toOutput[4],
    toOutput[3] * rect.x0 + toOutput[4] * rect.y0 + toOutput[5],
  ];
  const warped = await warpAt(output, shiftedMap, rect.x1 - rect.x0, rect.y1 - rect.y0, "linear");
  return { aligned: true, output: warped, rect, reframing: { ...reframing, overlap } };
}

/** An image at most FEATURE_SIDE px on its long side, where its corners are found. */
async function smallOf(image: RgbImage): Promise<RgbImage> {
  const factor = Math.min(1, FEATURE_SIDE / Math.max(image.width, image.height));
  return factor < 1
    ? resizeRgb(image, Math.max(1, Math.round(image.width * factor)), Math.max(1, Math.round(image.height * factor)))
    : image;
}

function inverse(m: AffineMap): AffineMap {
  const det = m[0] * m[4] - m[1] * m[3];
  const [a, b, d, e] = [m[4] / det, -m[1] / det, -m[3] / det, m[0] / det];
  return [a, b, -(a * m[2] + b * m[5]), d, e, -(d * m[2] + e * m[5])];
}

/** The mapping that stretches the output's frame over the whole source (what a plain resize assumes). */
function sameFrameMap(source: Size, output: Size): AffineMap {
  return [source.width / output.width, 0, 0, 0, source.height / output.height, 0];
}

function apply(m: AffineMap, x: number, y: number): [number, number] {
  return [m[0] * x + m[1] * y + m[2], m[3] * x + m[4] * y + m[5]];
}

/** The largest distance, in output pixels, between where two maps send the output's corners. */
function maxDisplacement(a: AffineMap, b: AffineMap, output: Size): number {
  const unit = Math.sqrt(b[0] * b[4]);
  let worst = 0;
  for (const [x, y] of [
    [0, 0],
    [output.width, 0],
    [0, output.height],
    [output.width, output.height],
  ]) {
    const [ax, ay] = apply(a, x, y);
    const [bx, by] = apply(b, x, y);
    worst = Math.max(worst, Math.hypot(ax - bx, ay - by) / unit);
  }
  return worst;
}

/** The map's scales against the same frame's (output pixels per source pixel) and its rotation. */
function describe(map: AffineMap, same: AffineMap): Omit<Reframing, "overlap"> {
  return {
    scaleX: same[0] / Math.hypot(map[0], map[3]),
    scaleY: same[4] / Math.hypot(map[1], map[4]),
    rotation: (Math.atan2(map[3], map[0]) * 180) / Math.PI,
  };
}

function implausible(map: AffineMap, r: Omit<Reframing, "overlap">): string | null {
  const l = ALIGNMENT_LIMITS;
  const scale = Math.sqrt(r.scaleX * r.scaleY);
  if (scale > l.maxScale || scale < 1 / l.maxScale)
    return `the output is the photo scaled by ${scale.toFixed(2)}, beyond ${l.maxScale} either way`;
  if (Math.abs(r.scaleX / r.scaleY - 1) > l.maxAnisotropy) return "the output is the photo stretched more one way than the other";
  if (Math.abs(r.rotation) > l.maxRotation)
    return `the output is the photo turned by ${Math.abs(r.rotation).toFixed(1)}°, beyond ${l.maxRotation}°`;
  const columns = Math.abs(map[0] * map[1] + map[3] * map[4]) / (Math.hypot(map[0], map[3]) * Math.hypot(map[1], map[4]));
  if (columns > l.maxShear) return "the output is the photo drawn from another angle";
  return null;
}

/**
 * A fitted map, or why none was: `featureless` when the source has too little texture to
 * match at all; `stayedPut` when too few matches were found to fit a map, but most of
 * those few lie where the same frame puts them (an output that smoothed most of the
 * photo's texture away, as a declutter's inpainting does, without moving it).
 */
type Fit =
  | { map: AffineMap; reason?: never; featureless?: never; stayedPut?: never }
  | { map: null; reason: string; featureless: boolean; stayedPut: boolean };

type Size = { width: number; height: number };

/** An image's ORB corners, as plain numbers: found once, they can be matched against any number of other images' corners. */
export interface Corners extends Size {
  /** x, y of each corner, in the image's pixels. */
  points: Float32Array;
  /** Each corner's 32-byte binary descriptor, one after the other. */
  descriptors: Uint8Array;
}

const ORB_CORNERS = 2000;
const DESCRIPTOR_BYTES = 32;

/** The ORB corners of an image at most FEATURE_SIDE px on its long side. */
export async function cornersOf(image: RgbImage): Promise<Corners> {
  const { cv } = await loadOpenCv();
  const held: { delete(): void }[] = [];
  const keep = <T extends { delete(): void }>(object: T) => (held.push(object), object);
  try {
    const grey = greyOf(image);
    const mat = keep(new cv.Mat(image.height, image.width, cv.CV_8UC1));
    // One view of the Mat's memory: each `mat.data` read makes a new one (measured: most of the fit's time when read per pixel).
    const pixels = mat.data;
    for (let p = 0; p < grey.length; p++) pixels[p] = Math.max(0, Math.min(255, Math.round(grey[p])));
    const found = keep(new cv.KeyPointVector());
    const descriptors = keep(new cv.Mat());
    keep(new cv.ORB(ORB_CORNERS)).detectAndCompute(mat, keep(new cv.Mat()), found, descriptors);
    const count = found.size();
    const points = new Float32Array(count * 2);
    for (let i = 0; i < count; i++) {
      const { pt } = found.get(i);
      points[i * 2] = pt.x;
      points[i * 2 + 1] = pt.y;
    }
    return { width: image.width, height: image.height, points, descriptors: count ? Uint8Array.from(descriptors.data) : new Uint8Array() };
  } finally {
    for (const object of held.reverse()) object.delete();
  }
}

/** The corners' matches (ratio-tested) and RANSAC's refined affine map from output to source pixels. */
async function fitMap(source: Corners, output: Corners): Promise<Fit> {
  const { cv } = await loadOpenCv();
  const held: { delete(): void }[] = [];
  const keep = <T extends { delete(): void }>(object: T) => (held.push(object), object);
  const sourceCount = source.points.length / 2,
    outputCount = output.points.length / 2;
  try {
    if (sourceCount < ALIGNMENT_LIMITS.minCorners)
      return { map: null, reason: "the photo has too little texture to match", featureless: true, stayedPut: false };
    if (outputCount < ALIGNMENT_LIMITS.minInliers)
      return { map: null, reason: "the output has too little texture to match with the photo", featureless: false, stayedPut: false };
    const descriptorsOf = (corners: Corners, count: number) =>
      keep(cv.matFromArray(count, DESCRIPTOR_BYTES, cv.CV_8UC1, corners.descriptors));
    const candidates = keep(new cv.DMatchVectorVector());
    keep(new cv.BFMatcher(cv.NORM_HAMMING, false)).knnMatch(
      descriptorsOf(output, outputCount),
      descriptorsOf(source, sourceCount),
      candidates,
      2,
    );
    const from: number[] = [],
      to: number[] = [];
    for (let i = 0; i < candidates.size(); i++) {
      const pair = candidates.get(i);
      if (pair.size() < 2) continue;
      const [best, next] = [pair.get(0), pair.get(1)];
      if (best.distance >= RATIO_TEST * next.distance) continue;
      from.push(output.points[best.queryIdx * 2], output.points[best.queryIdx * 2 + 1]);
      to.push(source.points[best.trainIdx * 2], source.points[best.trainIdx * 2 + 1]);
    }
    const count = from.length / 2;
    if (count < ALIGNMENT_LIMITS.minInliers) {
      const same = sameFrameMap(source, output);
      let inPlace = 0;
      for (let i = 0; i < count; i++) {
        const [x, y] = apply(same, from[i * 2], from[i * 2 + 1]);
        if (Math.hypot(x - to[i * 2], y - to[i * 2 + 1]) <= MATCHED_IN_PLACE) inPlace++;
      }
      return {
        map: null,
        reason: `only ${count} of the photo's corners found in the output`,
        featureless: false,
        stayedPut: count >= MIN_IN_PLACE && inPlace >= IN_PLACE_SHARE * count,
      };
    }
    const inliers = keep(new cv.Mat());
    const fitted = keep(
      cv.estimateAffine2D(
        keep(cv.matFromArray(count, 1, cv.CV_32FC2, from)),
        keep(cv.matFromArray(count, 1, cv.CV_32FC2, to)),
        inliers,
        cv.RANSAC,
        3,
        4000,
        0.995,
        20,
      ),
    );
    let agreed = 0;
    const agreement = inliers.data;
    for (let i = 0; i < inliers.rows; i++) agreed += agreement[i] ? 1 : 0;
    if (fitted.empty() || agreed < ALIGNMENT_LIMITS.minInliers || agreed / count < ALIGNMENT_LIMITS.minInlierShare) {
      return { map: null, reason: `only ${agreed} of ${count} matched corners agree on one framing`, featureless: false, stayedPut: false };
    }
    return { map: Array.from(fitted.data64F as Float64Array) as AffineMap };
  } finally {
    for (const object of held.reverse()) object.delete();
  }
}

/** The source in the output's frame, warped by the map (area interpolation; the source is never smaller than the output's scale here). */
function warpInto(source: RgbImage, output: RgbImage, map: AffineMap): Promise<RgbImage> {
  return warpAt(source, map, output.width, output.height, "area");
}

/** `image` resampled onto a width × height frame whose pixel (x, y) shows the image's pixel map(x, y); the border repeated. */
async function warpAt(image: RgbImage, map: AffineMap, width: number, height: number, interpolation: "area" | "linear"): Promise<RgbImage> {
  const { cv } = await loadOpenCv();
  const src = new cv.Mat(image.height, image.width, cv.CV_8UC3);
  const dst = new cv.Mat();
  const m = cv.matFromArray(2, 3, cv.CV_64F, map);
  try {
    src.data.set(image.data);
    cv.warpAffine(
      src,
      dst,
      m,
      new cv.Size(width, height),
      (interpolation === "area" ? cv.INTER_AREA : cv.INTER_LINEAR) | cv.WARP_INVERSE_MAP,
      cv.BORDER_REPLICATE,
    );
    return { data: Buffer.from(dst.data), width, height };
  } finally {
    src.delete();
    dst.delete();
    m.delete();
  }
}

/** The largest upright rectangle of the `output` frame whose pixels all map (by `map`) inside the `source` frame. */
function sharedRect(
  map: AffineMap,
  source: { width: number; height: number },
  output: { width: number; height: number },
): { x0: number; y0: number; x1: number; y1: number } {
  const inside = (x: number, y: number) => {
    const [sx, sy] = apply(map, x, y);
    return sx >= 0 && sy >= 0 && sx <= source.width - 1 && sy <= source.height - 1;
  };
  const outside = (side: "left" | "right" | "top" | "bottom", r: { x0: number; y0: number; x1: number; y1: number }) => {
    let count = 0;
    for (let i = 0; i <= 8; i++) {
      const t = i / 8;
      const [x, y] =
        side === "left"
          ? [r.x0, r.y0 + t * (r.y1 - r.y0)]
          : side === "right"
            ? [r.x1, r.y0 + t * (r.y1 - r.y0)]
            : side === "top"
              ? [r.x0 + t * (r.x1 - r.x0), r.y0]
              : [r.x0 + t * (r.x1 - r.x0), r.y1];
      if (!inside(x, y)) count++;
    }
    return count;
  };
  // The overlap of two near-upright rectangles is near-upright: shrink the frame a pixel at a
  // time from the side with most of its points outside the source, until none is.
  const r = { x0: 0, y0: 0, x1: output.width - 1, y1: output.height - 1 };
  while (r.x1 - r.x0 > 8 && r.y1 - r.y0 > 8) {
    const sides = (["left", "right", "top", "bottom"] as const)
      .map((side) => ({ side, out: outside(side, r) }))
      .sort((a, b) => b.out - a.out);
    if (sides[0].out === 0) break;
    if (sides[0].side === "left") r.x0++;
    else if (sides[0].side === "right") r.x1--;
    else if (sides[0].side === "top") r.y0++;
    else r.y1--;
  }
  return { x0: r.x0, y0: r.y0, x1: r.x1 + 1, y1: r.y1 + 1 };
}

function crop(image: RgbImage, rect: { x0: number; y0: number; x1: number; y1: number }): RgbImage {
  const width = rect.x1 - rect.x0,
    height = rect.y1 - rect.y0;
  if (width === image.width && height === image.height) return image;
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    image.data.copy(data, y * width * 3, ((rect.y0 + y) * image.width + rect.x0) * 3, ((rect.y0 + y) * image.width + rect.x0 + width) * 3);
  return { data, width, height };
}

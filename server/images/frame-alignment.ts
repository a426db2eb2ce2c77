/**
 * Putting the source photo into the output's frame before comparing them. Generative
 * models re-frame what they are given: they nudge it by a few pixels, rescale it by a few
 * percent, or crop it to another aspect ratio (a 3:4 photo returned as 2:3). A shift-only
 * alignment leaves every line of a rescaled output a few pixels off, which reads as the
 * room's lines lost.
 *
 * The frames are matched on the room itself: ORB corners of both images matched across
 * (cross-checked Hamming matches), RANSAC keeping the matches one affine map explains (what
 * the output added or restyled has corners of its own, which must not pull the fit), and
 * a similarity map (scale, rotation, shift) fitted to those by least squares. The source is then scaled by sharp to about the output's pixel scale (a proper
 * low-pass, where a warp alone would alias) and warped into the output's frame, and both
 * are cropped to the largest upright rectangle the two frames share: nothing is compared
 * where only one of them shows the room.
 *
 * A pair whose fit is the plain "same frame" mapping within a pixel keeps that mapping
 * (no resampling of what was not moved). A pair with too few corners to fit (a drawn test
 * room, a flat render) keeps it too when both have the same aspect ratio, and otherwise
 * cannot be aligned: the caller says so rather than compare two different framings.
 */
import "server-only";
import { loadOpenCv, type OpenCv } from "@/server/providers/local/opencv";
import { bestShift, shifted } from "./align";
import { greyOf } from "./edges";
import { decodeRgb, resizeRgb, type RgbImage } from "./raw-image";

/** Limits of a re-framing the check still undoes; beyond them the output is another view. */
export const ALIGNMENT_LIMITS = {
  /** The output's scale against the source's, either way (1.25: a quarter zoomed in or out). */
  maxScale: 1.35,
  /** Rotation, degrees. */
  maxRotation: 6,
  /** The least share of the output's frame that must show the source. */
  minOverlap: 0.6,
  /** Matches RANSAC must keep, and their share of all matches. */
  minInliers: 24,
  minInlierShare: 0.25,
  /** Aspect ratios within this (relative) are the same frame when no fit can be made. */
  sameAspect: 0.01,
} as const;

const FEATURE_SIDE = 384;
const FINE_SHIFT = 2;
/** A fitted map within this many working pixels of the same-frame mapping everywhere is that mapping: the match noise, not a re-framing (the line measures allow 2 to 3 px). */
const SAME_FRAME_TOLERANCE = 2;

export type Alignment =
  | {
      aligned: true;
      /** The source, in the output's frame, cropped with it. */
      source: RgbImage;
      output: RgbImage;
      /** The whole-pixel offset applied last (its border says nothing). */
      shift: { dx: number; dy: number };
      /** How the output re-framed the source: null for the same frame, else its scale, rotation and the share of the frame compared. */
      reframing: Reframing | null;
      /** Where the compared images lie in the output's frame, as fractions of it. */
      window: { x: number; y: number; width: number; height: number };
    }
  | { aligned: false; reason: string };

export interface Reframing {
  /** Output pixels per source pixel, relative to the same-frame scale. */
  scale: number;
  rotation: number;
  /** Share of the output's frame compared (the overlap's upright rectangle). */
  overlap: number;
}

/** Aligns `sourceBytes` to `outputBytes`, both at `workSide` px on the output's long side. */
export async function alignFrames(sourceBytes: Buffer, outputBytes: Buffer, workSide: number): Promise<Alignment> {
  const output = await decodeRgb(outputBytes, workSide);
  const source = await decodeRgb(sourceBytes, workSide * 2);
  const fit = await fitAffine(source, output);
  const same = sameFrameMap(source, output);
  const sameAspect = Math.abs(aspect(source) / aspect(output) - 1) <= ALIGNMENT_LIMITS.sameAspect;

  if (!fit.map || (sameAspect && maxDisplacement(fit.map, same, output) <= SAME_FRAME_TOLERANCE)) {
    if (!sameAspect) return { aligned: false, reason: fit.reason ?? "the output is framed differently from the photo" };
    const resized = await resizeRgb(source, output.width, output.height);
    const shift = bestShift(resized, output, 3);
    return { aligned: true, source: shifted(resized, shift.dx, shift.dy), output, shift, reframing: null, window: { x: 0, y: 0, width: 1, height: 1 } };
  }
  const reframing = describe(fit.map, same);
  const problem = implausible(reframing);
  if (problem) return { aligned: false, reason: problem };
  const warped = await warpInto(source, output, fit.map);
  const rect = sharedRect(fit.map, source, output);
  const overlap = ((rect.x1 - rect.x0) * (rect.y1 - rect.y0)) / (output.width * output.height);
  if (overlap < ALIGNMENT_LIMITS.minOverlap) return { aligned: false, reason: `the output shows ${Math.round(overlap * 100)} % of the photo's frame, under ${ALIGNMENT_LIMITS.minOverlap * 100} %` };
  const croppedSource = crop(warped, rect);
  const croppedOutput = crop(output, rect);
  const shift = bestShift(croppedSource, croppedOutput, FINE_SHIFT);
  const window = { x: rect.x0 / output.width, y: rect.y0 / output.height, width: (rect.x1 - rect.x0) / output.width, height: (rect.y1 - rect.y0) / output.height };
  return { aligned: true, source: shifted(croppedSource, shift.dx, shift.dy), output: croppedOutput, shift, reframing: { ...reframing, overlap }, window };
}

/** A 2×3 affine map from output pixels to source pixels, row-major. */
type AffineMap = [number, number, number, number, number, number];

const aspect = (image: { width: number; height: number }) => image.width / image.height;

/** The mapping that stretches the output's frame over the whole source (what a plain resize assumes). */
function sameFrameMap(source: RgbImage, output: RgbImage): AffineMap {
  return [source.width / output.width, 0, 0, 0, source.height / output.height, 0];
}

function apply(m: AffineMap, x: number, y: number): [number, number] {
  return [m[0] * x + m[1] * y + m[2], m[3] * x + m[4] * y + m[5]];
}

/** The largest distance, in output pixels, between where two maps send the output's corners. */
function maxDisplacement(a: AffineMap, b: AffineMap, output: RgbImage): number {
  const unit = Math.hypot(b[0], b[4]) / Math.SQRT2;
  let worst = 0;
  for (const [x, y] of [[0, 0], [output.width, 0], [0, output.height], [output.width, output.height]]) {
    const [ax, ay] = apply(a, x, y);
    const [bx, by] = apply(b, x, y);
    worst = Math.max(worst, Math.hypot(ax - bx, ay - by) / unit);
  }
  return worst;
}

/** A similarity map's scale (output pixels per source pixel, against the same-frame mapping's) and rotation in degrees. */
function describe(map: AffineMap, same: AffineMap): Omit<Reframing, "overlap"> {
  const scale = Math.sqrt(same[0] * same[4]) / Math.hypot(map[0], map[3]);
  return { scale, rotation: (Math.atan2(map[3], map[0]) * 180) / Math.PI };
}

function implausible(r: Omit<Reframing, "overlap">): string | null {
  const l = ALIGNMENT_LIMITS;
  if (r.scale > l.maxScale || r.scale < 1 / l.maxScale) return `the output is the photo scaled by ${r.scale.toFixed(2)}, beyond ${l.maxScale} either way`;
  if (Math.abs(r.rotation) > l.maxRotation) return `the output is the photo turned by ${Math.abs(r.rotation).toFixed(1)}°, beyond ${l.maxRotation}°`;
  return null;
}

/** ORB matches of the two greys at the feature size, then RANSAC's affine map from output to source pixels. */
async function fitAffine(source: RgbImage, output: RgbImage): Promise<{ map: AffineMap | null; reason?: string }> {
  const { cv } = await loadOpenCv();
  const small = async (image: RgbImage) => {
    const factor = Math.min(1, FEATURE_SIDE / Math.max(image.width, image.height));
    const width = Math.max(1, Math.round(image.width * factor)), height = Math.max(1, Math.round(image.height * factor));
    const resized = factor === 1 ? image : await resizeRgb(image, width, height);
    return { grey: greyOf(resized), width, height, toImage: image.width / width };
  };
  const [src, out] = [await small(source), await small(output)];
  const held: { delete(): void }[] = [];
  const keep = <T extends { delete(): void }>(object: T) => (held.push(object), object);
  try {
    const detect = (image: typeof src) => {
      const mat = keep(new cv.Mat(image.height, image.width, cv.CV_8UC1));
      for (let p = 0; p < image.grey.length; p++) mat.data[p] = Math.max(0, Math.min(255, Math.round(image.grey[p])));
      const points = keep(new cv.KeyPointVector());
      const descriptors = keep(new cv.Mat());
      const orb = keep(new cv.ORB(600));
      orb.detectAndCompute(mat, keep(new cv.Mat()), points, descriptors);
      return { points, descriptors };
    };
    const a = detect(out), b = detect(src);
    if (a.points.size() < ALIGNMENT_LIMITS.minInliers || b.points.size() < ALIGNMENT_LIMITS.minInliers) return { map: null, reason: "too few corners to match the output with the photo" };
    const matches = keep(new cv.DMatchVector());
    keep(new cv.BFMatcher(cv.NORM_HAMMING, true)).match(a.descriptors, b.descriptors, matches);
    const count = matches.size();
    if (count < ALIGNMENT_LIMITS.minInliers) return { map: null, reason: "too few of the photo's corners found in the output" };
    const from = keep(new cv.Mat(count, 1, cv.CV_32FC2));
    const to = keep(new cv.Mat(count, 1, cv.CV_32FC2));
    for (let i = 0; i < count; i++) {
      const match = matches.get(i);
      const p = a.points.get(match.queryIdx).pt, q = b.points.get(match.trainIdx).pt;
      from.data32F.set([p.x * out.toImage, p.y * out.toImage], i * 2);
      to.data32F.set([q.x * src.toImage, q.y * src.toImage], i * 2);
    }
    const inliers = keep(new cv.Mat());
    const fitted = keep(cv.estimateAffine2D(from, to, inliers, cv.RANSAC, 2 * out.toImage, 4000, 0.995, 20) as OpenCv);
    if (fitted.empty()) return { map: null, reason: "no consistent re-framing found" };
    let kept = 0;
    for (let i = 0; i < inliers.rows; i++) kept += inliers.data[i] ? 1 : 0;
    if (kept < ALIGNMENT_LIMITS.minInliers || kept / count < ALIGNMENT_LIMITS.minInlierShare) return { map: null, reason: `only ${kept} of ${count} matched corners agree on one re-framing` };
    const pairs: [number, number, number, number][] = [];
    for (let i = 0; i < count; i++) if (inliers.data[i]) pairs.push([from.data32F[i * 2], from.data32F[i * 2 + 1], to.data32F[i * 2], to.data32F[i * 2 + 1]]);
    return { map: similarityFit(pairs) };
  } finally {
    for (const object of held.reverse()) object.delete();
  }
}

/** The source in the output's frame: scaled by sharp to about the output's pixel scale, then warped by the remaining map. */
async function warpInto(source: RgbImage, output: RgbImage, map: AffineMap): Promise<RgbImage> {
  const { cv } = await loadOpenCv();
  const factor = Math.min(1, 1 / Math.sqrt(Math.abs(map[0] * map[4] - map[1] * map[3])));
  const width = Math.max(1, Math.round(source.width * factor)), height = Math.max(1, Math.round(source.height * factor));
  const scaled = factor < 1 ? await resizeRgb(source, width, height) : source;
  const fx = scaled.width / source.width, fy = scaled.height / source.height;
  const remaining: AffineMap = [map[0] * fx, map[1] * fx, map[2] * fx, map[3] * fy, map[4] * fy, map[5] * fy];
  const src = new cv.Mat(scaled.height, scaled.width, cv.CV_8UC3);
  const dst = new cv.Mat();
  const m = cv.matFromArray(2, 3, cv.CV_64F, remaining);
  try {
    src.data.set(scaled.data);
    cv.warpAffine(src, dst, m, new cv.Size(output.width, output.height), cv.INTER_LINEAR | cv.WARP_INVERSE_MAP, cv.BORDER_REPLICATE);
    return { data: Buffer.from(dst.data), width: output.width, height: output.height };
  } finally {
    src.delete();
    dst.delete();
    m.delete();
  }
}

/** The largest upright rectangle of the output's frame whose pixels all map inside the source, one pixel in. */
function sharedRect(map: AffineMap, source: RgbImage, output: RgbImage): { x0: number; y0: number; x1: number; y1: number } {
  const inside = (x: number, y: number) => {
    const [sx, sy] = apply(map, x, y);
    return sx >= 0 && sy >= 0 && sx <= source.width - 1 && sy <= source.height - 1;
  };
  // Shrink the frame from whichever side has a corner outside, a pixel at a time: the overlap of two
  // near-upright rectangles is near-upright, so this finds its inner rectangle in a few dozen steps.
  let x0 = 0, y0 = 0, x1 = output.width - 1, y1 = output.height - 1;
  for (let step = 0; step < output.width + output.height; step++) {
    const out = { tl: !inside(x0, y0), tr: !inside(x1, y0), bl: !inside(x0, y1), br: !inside(x1, y1) };
    if (!out.tl && !out.tr && !out.bl && !out.br) break;
    const edgeOut = (side: "left" | "right" | "top" | "bottom") => {
      const n = 8;
      let count = 0;
      for (let i = 0; i <= n; i++) {
        const t = i / n;
        const [x, y] = side === "left" ? [x0, y0 + t * (y1 - y0)] : side === "right" ? [x1, y0 + t * (y1 - y0)] : side === "top" ? [x0 + t * (x1 - x0), y0] : [x0 + t * (x1 - x0), y1];
        if (!inside(x, y)) count++;
      }
      return count;
    };
    const sides = (["left", "right", "top", "bottom"] as const).map((side) => ({ side, out: edgeOut(side) })).sort((p, q) => q.out - p.out);
    const worst = sides[0].side;
    if (worst === "left") x0++;
    else if (worst === "right") x1--;
    else if (worst === "top") y0++;
    else y1--;
    if (x1 - x0 < 8 || y1 - y0 < 8) break;
  }
  return { x0: x0 + 1, y0: y0 + 1, x1: x1, y1: y1 };
}

function crop(image: RgbImage, rect: { x0: number; y0: number; x1: number; y1: number }): RgbImage {
  const width = rect.x1 - rect.x0, height = rect.y1 - rect.y0;
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) image.data.copy(data, y * width * 3, ((rect.y0 + y) * image.width + rect.x0) * 3, ((rect.y0 + y) * image.width + rect.x0 + width) * 3);
  return { data, width, height };
}

/**
 * Least squares of a similarity map (scale, rotation, shift: 4 parameters) over RANSAC's
 * inliers. A model re-frames by scaling, cropping and at most turning slightly; the
 * affine fit's two extra parameters only fit the matches' noise, which at this size
 * tilts an unmoved frame by a few tenths of a degree.
 */
function similarityFit(pairs: [number, number, number, number][]): AffineMap {
  let mx = 0, my = 0, mu = 0, mv = 0;
  for (const [x, y, u, v] of pairs) {
    mx += x; my += y; mu += u; mv += v;
  }
  const n = pairs.length;
  mx /= n; my /= n; mu /= n; mv /= n;
  let sxx = 0, a = 0, b = 0;
  for (const [x, y, u, v] of pairs) {
    const dx = x - mx, dy = y - my, du = u - mu, dv = v - mv;
    sxx += dx * dx + dy * dy;
    a += dx * du + dy * dv;
    b += dx * dv - dy * du;
  }
  a /= sxx;
  b /= sxx;
  return [a, -b, mu - a * mx + b * my, b, a, mv - b * mx - a * my];
}

/**
 * The multi-view quality gate (D7 `sibling_gate`). A sibling view's output must
 * 1. look like the same set as the anchor's output (style), and
 * 2. still show its own room (structure), not another scene or a smear.
 *
 * Method, on copies at most 128 px long:
 * - style: similarity of colour distributions between sibling output and anchor output,
 *   the Bhattacharyya coefficient of their Lab histograms: lightness (16 bins over
 *   0..100) weighted 0.4, chroma (joint a×b, 12×12 bins over -64..64) weighted 0.6.
 *   1 means identical distributions; views of one room graded alike score ~0.8-1.
 * - structure: mean SSIM (7×7 windows) between the sibling output and its source in
 *   grey, each first normalised to zero mean and unit variance, so a global re-grade
 *   (brighter, more contrast) does not count as lost structure; edges and layout do.
 * Thresholds (GATE_THRESHOLDS): style ≥ 0.6 and structure ≥ 0.5 pass. On the synthetic
 * rooms of the tests, a sibling graded with the anchor as style reference measures style
 * and structure above 0.99; an outdoor scene in its place measures style 0.09 and
 * structure 0.19; the same room repainted blue/green measures style 0.3 (and structure 0,
 * its light and dark areas swapped). The margins are wide on purpose: real photos of one
 * room from two angles share less than synthetic ones. `score` is the mean of the two,
 * for ranking and display.
 */
import "server-only";
import { standardised } from "./align";
import { rgbBufferToLab } from "./color";
import { boxMean, greyOf } from "./edges";
import { decodeRgb, resizeRgb, type RgbImage } from "./raw-image";

export const GATE_THRESHOLDS = { style: 0.6, structure: 0.5 } as const;

const SIDE = 128;
const L_BINS = 16;
const AB_BINS = 12;
const AB_RANGE = 64;

export interface SiblingScore {
  style: number;
  structure: number;
  score: number;
  verdict: "pass" | "fail";
  details: { lightnessSimilarity: number; chromaSimilarity: number; ssim: number; thresholds: typeof GATE_THRESHOLDS };
}

function histograms(image: RgbImage): { lightness: Float64Array; chroma: Float64Array } {
  const lab = rgbBufferToLab(image.data);
  const lightness = new Float64Array(L_BINS);
  const chroma = new Float64Array(AB_BINS * AB_BINS);
  const count = lab.length / 3;
  const abBin = (v: number) => Math.min(AB_BINS - 1, Math.max(0, Math.floor(((v + AB_RANGE) / (2 * AB_RANGE)) * AB_BINS)));
  for (let i = 0; i < lab.length; i += 3) {
    lightness[Math.min(L_BINS - 1, Math.max(0, Math.floor((lab[i] / 100) * L_BINS)))] += 1 / count;
    chroma[abBin(lab[i + 1]) * AB_BINS + abBin(lab[i + 2])] += 1 / count;
  }
  return { lightness, chroma };
}

function bhattacharyya(p: Float64Array, q: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < p.length; i++) sum += Math.sqrt(p[i] * q[i]);
  return Math.min(1, sum);
}

/** Mean SSIM of two same-sized standardised grey images. */
function meanSsim(x: Float32Array, y: Float32Array, width: number, height: number): number {
  const r = 3;
  const product = (a: Float32Array, b: Float32Array) => a.map((v, i) => v * b[i]);
  const [mx, my] = [boxMean(x, width, height, r), boxMean(y, width, height, r)];
  const [mxx, myy, mxy] = [
    boxMean(product(x, x), width, height, r),
    boxMean(product(y, y), width, height, r),
    boxMean(product(x, y), width, height, r),
  ];
  // Stabilisers for unit-variance data, the usual (0.01 L)², (0.03 L)² with L ≈ 6 std.
  const c1 = 0.0036,
    c2 = 0.0324;
  let total = 0;
  for (let p = 0; p < x.length; p++) {
    const vx = mxx[p] - mx[p] ** 2,
      vy = myy[p] - my[p] ** 2,
      cov = mxy[p] - mx[p] * my[p];
    total += ((2 * mx[p] * my[p] + c1) * (2 * cov + c2)) / ((mx[p] ** 2 + my[p] ** 2 + c1) * (vx + vy + c2));
  }
  return Math.max(0, Math.min(1, total / x.length));
}

export async function scoreSibling(input: { anchorOutput: Buffer; siblingOutput: Buffer; siblingSource: Buffer }): Promise<SiblingScore> {
  const [anchor, output, source] = await Promise.all(
    [input.anchorOutput, input.siblingOutput, input.siblingSource].map((bytes) => decodeRgb(bytes, SIDE)),
  );
  const [anchorHist, outputHist] = [histograms(anchor), histograms(output)];
  const lightnessSimilarity = bhattacharyya(anchorHist.lightness, outputHist.lightness);
  const chromaSimilarity = bhattacharyya(anchorHist.chroma, outputHist.chroma);
  const style = 0.4 * lightnessSimilarity + 0.6 * chromaSimilarity;

  const aligned =
    output.width === source.width && output.height === source.height ? output : await resizeRgb(output, source.width, source.height);
  const ssim = meanSsim(standardised(greyOf(aligned)), standardised(greyOf(source)), source.width, source.height);
  const structure = ssim;
  const verdict = style >= GATE_THRESHOLDS.style && structure >= GATE_THRESHOLDS.structure ? "pass" : "fail";
  return {
    style,
    structure,
    score: (style + structure) / 2,
    verdict,
    details: { lightnessSimilarity, chromaSimilarity, ssim, thresholds: GATE_THRESHOLDS },
  };
}

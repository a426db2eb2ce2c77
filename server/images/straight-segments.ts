/**
 * Straight segments of a small grey image: Canny edges (on the grey stretched to its full
 * range first, so the fixed thresholds suit dim photos too), then OpenCV's probabilistic
 * Hough transform, gaps of up to 2 px bridged. Used to place the room's horizon
 * (room-geometry.ts) and to find its uprights (uprights.ts).
 */
import "server-only";
import { loadOpenCv } from "@/server/providers/local/opencv";

export interface Segment {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  length: number;
}

/**
 * The segments at least `minLength` px long in `grey` (width × height, 0..255). `canny`:
 * the hysteresis thresholds (40 and 120 unless given; lower finds fainter lines, such as a
 * white window frame on a white wall).
 */
export async function straightSegments(
  grey: Float32Array,
  width: number,
  height: number,
  minLength: number,
  canny: [number, number] = [40, 120],
): Promise<Segment[]> {
  const { cv } = await loadOpenCv();
  const mat = new cv.Mat(height, width, cv.CV_8UC1);
  const edges = new cv.Mat();
  const lines = new cv.Mat();
  try {
    const sorted = Float32Array.from(grey).sort();
    const low = sorted[Math.floor(sorted.length * 0.01)],
      high = sorted[Math.floor(sorted.length * 0.99)];
    const scale = 255 / Math.max(1, high - low);
    const pixels = mat.data; // one view: each `mat.data` read makes a new one
    for (let p = 0; p < grey.length; p++) pixels[p] = Math.max(0, Math.min(255, (grey[p] - low) * scale));
    cv.GaussianBlur(mat, mat, new cv.Size(3, 3), 0);
    cv.Canny(mat, edges, canny[0], canny[1]);
    cv.HoughLinesP(edges, lines, 1, Math.PI / 180, Math.max(12, Math.round(minLength * 0.6)), minLength, 2);
    const out: Segment[] = [];
    for (let i = 0; i < lines.rows; i++) {
      const [x0, y0, x1, y1] = lines.data32S.subarray(i * 4, i * 4 + 4);
      out.push({ x0, y0, x1, y1, length: Math.hypot(x1 - x0, y1 - y0) });
    }
    return out;
  } finally {
    mat.delete();
    edges.delete();
    lines.delete();
  }
}

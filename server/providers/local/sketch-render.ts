/**
 * The "sketch to render" step of the local render preview: an edge-preserving bilateral
 * filter flattens pencil hatching and noise into even surfaces, and Canny edges are drawn
 * back on as soft dark lines, so the drawing's structure stays while its surfaces read as
 * shaded areas; the style grade then colours them. A classical stand-in: turning a
 * sketch into a photoreal render needs a generative model.
 */
import "server-only";
import { resizeRgb, type RgbImage } from "@/server/images/raw-image";
import { loadOpenCv } from "./opencv";

const WORK_SIDE = 1024;
const LINE_DARKNESS = 0.55;

export async function sketchToRender(source: RgbImage): Promise<RgbImage> {
  const { cv } = await loadOpenCv();
  const scale = Math.min(1, WORK_SIDE / Math.max(source.width, source.height));
  const work = scale < 1 ? await resizeRgb(source, Math.round(source.width * scale), Math.round(source.height * scale)) : source;
  const input = new cv.Mat(work.height, work.width, cv.CV_8UC3);
  const smooth = new cv.Mat();
  const grey = new cv.Mat();
  const edges = new cv.Mat();
  try {
    input.data.set(work.data);
    cv.bilateralFilter(input, smooth, 9, 60, 9, cv.BORDER_DEFAULT);
    cv.cvtColor(smooth, grey, cv.COLOR_RGB2GRAY);
    cv.Canny(grey, edges, 40, 120);
    cv.GaussianBlur(edges, edges, new cv.Size(0, 0), 0.8, 0.8, cv.BORDER_DEFAULT);
    const flat = Buffer.from(smooth.data as Uint8Array);
    const lines = edges.data as Uint8Array;
    for (let p = 0; p < lines.length; p++) {
      const keep = 1 - (LINE_DARKNESS * lines[p]) / 255;
      for (let c = 0; c < 3; c++) flat[p * 3 + c] = Math.round(flat[p * 3 + c] * keep);
    }
    const rendered = { width: work.width, height: work.height, data: flat };
    return scale < 1 ? resizeRgb(rendered, source.width, source.height) : rendered;
  } finally {
    input.delete();
    smooth.delete();
    grey.delete();
    edges.delete();
  }
}

/**
 * The change map as a transparent PNG laid over the output (studio toggle, share page):
 * - added or altered content: the changed area tinted red with a solid outline;
 * - removed content (declutter, inpaint removal): the source's own pixels inside the
 *   changed area, outlined, so the overlay puts back exactly what was removed.
 */
import "server-only";
import type { ChangeMap } from "./change-map";
import { morph } from "./edges";
import { decodeRgb, resizeRgb, scaleMask } from "./raw-image";
import { sharp } from "./sharp";
import { mapToBytes } from "./typed-map";

const MAX_SIDE = 1024;
const TINT = [230, 36, 74] as const;

export type OverlayMode = "added" | "removed";

export async function renderChangeOverlay(map: ChangeMap, mode: OverlayMode, sourceBytes?: Buffer): Promise<Buffer> {
  const scale = Math.min(1, MAX_SIDE / Math.max(map.outputWidth, map.outputHeight));
  const width = Math.max(1, Math.round(map.outputWidth * scale));
  const height = Math.max(1, Math.round(map.outputHeight * scale));
  const soft = await scaleMask(
    mapToBytes(map.mask, (v) => v * 255),
    map,
    { width, height },
  );
  const inside = mapToBytes(soft, (v) => (v >= 128 ? 1 : 0));
  const thickness = Math.max(1, Math.round(Math.max(width, height) / 300));
  const core = morph(inside, width, height, thickness);
  const source = mode === "removed" && sourceBytes ? await resizeRgb(await decodeRgb(sourceBytes, MAX_SIDE * 2), width, height) : null;
  const dx = Math.round(map.shift.dx * scale),
    dy = Math.round(map.shift.dy * scale);

  const rgba = Buffer.alloc(width * height * 4);
  for (let p = 0; p < inside.length; p++) {
    if (!inside[p]) continue;
    const o = p * 4;
    if (!core[p]) {
      rgba.set([...TINT, 255], o);
    } else if (source) {
      const x = Math.min(width - 1, Math.max(0, (p % width) - dx));
      const y = Math.min(height - 1, Math.max(0, Math.floor(p / width) - dy));
      const s = (y * width + x) * 3;
      rgba.set([source.data[s], source.data[s + 1], source.data[s + 2], 255], o);
    } else {
      rgba.set([...TINT, 110], o);
    }
  }
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

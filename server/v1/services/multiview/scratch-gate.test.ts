import sharp from "sharp";
import { it } from "vitest";
import { scoreSibling } from "@/server/images/compare";
import { localRedesignProvider } from "@/server/providers/local/redesign";
import { roomPhoto } from "@/test/images";

const params = (ref: Buffer | null, variant = 0) => ({ type: "staging" as const, roomType: "living_room", style: "scandinavian", color: null, intensity: 0.6, environment: "interior" as const, maskPrompt: null, inspiration: null, styleReference: ref, variant });

it("scores", async () => {
  const anchorSrc = await roomPhoto(320, 240);
  const anchor = (await localRedesignProvider.redesign({ bytes: anchorSrc, contentType: "image/jpeg" }, params(null))).outputs[0].bytes;
  const outdoor = await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect width="320" height="140" fill="#1e6fe0"/><rect y="140" width="320" height="100" fill="#2fa83a"/><circle cx="250" cy="50" r="30" fill="#ffe000"/></svg>`)).jpeg().toBuffer();
  const sources: Record<string, Buffer> = {
    same: await roomPhoto(320, 240),
    wider: await roomPhoto(400, 240),
    tall: await roomPhoto(300, 260),
    blueGreen: await roomPhoto(320, 240, { wall: "#1e6fe0", floor: "#2fa83a" }),
    outdoor,
  };
  for (const [name, src] of Object.entries(sources)) {
    for (const v of [0, 1, 2, 3]) {
      const out = (await localRedesignProvider.redesign({ bytes: src, contentType: "image/jpeg" }, params(anchor, v))).outputs[0].bytes;
      const s = await scoreSibling({ anchorOutput: anchor, siblingOutput: out, siblingSource: src });
      console.log(name, v, s.verdict, s.style.toFixed(3), s.structure.toFixed(3));
    }
  }
});

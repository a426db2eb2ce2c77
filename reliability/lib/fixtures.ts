import sharp from "sharp";
import type { FixtureServer } from "@/test/fixture-server";
import { roomPhoto } from "@/test/images";

export interface Images {
  room: string;
  views: string[];
  mask: string;
  tail: string;
  /** Base64 photos for the property description. */
  base64: string[];
}

/** Source images on the fixture server: a room, three other views of it, a mask, a tail still. */
export async function serveImages(fixtures: FixtureServer): Promise<Images> {
  const room = await roomPhoto(320, 240);
  const mask = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#000" } })
    .composite([
      {
        input: await sharp({ create: { width: 120, height: 50, channels: 3, background: "#fff" } })
          .png()
          .toBuffer(),
        left: 100,
        top: 100,
      },
    ])
    .png()
    .toBuffer();
  return {
    room: fixtures.serve("/room.jpg", room),
    views: [
      fixtures.serve("/view-1.jpg", await roomPhoto(360, 240)),
      fixtures.serve("/view-2.jpg", await roomPhoto(300, 260)),
      fixtures.serve("/view-3.jpg", await roomPhoto(400, 240)),
    ],
    mask: fixtures.serve("/mask.png", mask, "image/png"),
    tail: fixtures.serve("/tail.jpg", await roomPhoto(320, 240, { wall: "#b8c4d0" })),
    base64: [room.toString("base64"), (await roomPhoto(200, 300)).toString("base64")],
  };
}

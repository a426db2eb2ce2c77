import sharp from "sharp";

/**
 * A synthetic room photo: a light wall, a wooden floor and a dark sofa-like block, so
 * image operations have known regions to work on.
 */
export async function roomPhoto(width = 320, height = 240, options: { wall?: string; floor?: string } = {}): Promise<Buffer> {
  const horizon = Math.round(height * 0.62);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${horizon}" fill="${options.wall ?? "#d9d4c7"}"/>
    <rect y="${horizon}" width="${width}" height="${height - horizon}" fill="${options.floor ?? "#8a6642"}"/>
    <rect x="${width * 0.3}" y="${horizon - height * 0.12}" width="${width * 0.4}" height="${height * 0.2}" rx="6" fill="#2e3440"/>
    <rect x="${width * 0.08}" y="${height * 0.12}" width="${width * 0.18}" height="${height * 0.25}" fill="#f4f1ea" stroke="#9a9488" stroke-width="3"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/**
 * A decompression bomb: a valid greyscale PNG of side × side pixels, all black, whose
 * rows deflate to almost nothing (12,000² pixels: 144 MB decoded, about 140 KB on disk).
 * Built by streaming the rows through zlib, so making it costs no memory either.
 */
export async function pngBomb(side = 12_000): Promise<Buffer> {
  const { createDeflate, crc32 } = await import("node:zlib");
  const deflate = createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => compressed.push(chunk));
  const done = new Promise((resolve) => deflate.on("end", resolve));
  const row = Buffer.alloc(side + 1); // filter byte 0, then `side` black pixels
  for (let y = 0; y < side; y++) if (!deflate.write(row)) await new Promise((resolve) => deflate.once("drain", resolve));
  deflate.end();
  await done;
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, deflate, no filter method, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", Buffer.concat(compressed)), chunk("IEND", Buffer.alloc(0))]);
}

// Measures 2x upscaling on this machine: UpscalerJS ESRGAN models (weights read from the
// npm packages on disk, TF.js WASM backend) against the local provider's sharp pipeline
// (server/providers/local/upscale.ts: lanczos3 to 2x, then a 3x3 unit-gain sharpen).
// Usage: node measure.mjs [--quick]   (--quick: ESRGAN slim only, no 1024x768 run)
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import * as tf from "@tensorflow/tfjs";
import "@tensorflow/tfjs-backend-wasm";

const here = path.dirname(fileURLToPath(import.meta.url));
const quick = process.argv.includes("--quick");

// Same thread setting as server/images/sharp.ts.
sharp.concurrency(os.availableParallelism());
// Same kernel as server/providers/local/upscale.ts.
const SHARPEN = { width: 3, height: 3, kernel: [0, -0.25, 0, -0.25, 2, -0.25, 0, -0.25, 0] };
// UpscalerJS defaults to 128-pixel patches for these models; a small overlap hides seams.
const PATCH = 128;
const OVERLAP = 8;

let peakRss = 0;
const sampleRss = () => { peakRss = Math.max(peakRss, process.memoryUsage().rss); };
const sampler = setInterval(sampleRss, 20);
const mb = (bytes) => Math.round(bytes / 2 ** 20);

async function loadEsrgan(pkg) {
  // Plain file reads: the `upscaler` package's Node entry needs tfjs-node and its browser
  // build fetches from a CDN, so the bundled layers model is loaded directly.
  // The packages export no ./package.json, so the weights are found beside this script.
  const modelJson = path.join(here, "node_modules", pkg, "models/x2/model.json");
  const manifest = JSON.parse(await readFile(modelJson, "utf8"));
  const groups = manifest.weightsManifest;
  const shards = await Promise.all(groups.flatMap((g) => g.paths).map((p) => readFile(path.join(path.dirname(modelJson), p))));
  const weightData = new Uint8Array(Buffer.concat(shards)).buffer;
  const model = await tf.loadLayersModel(tf.io.fromMemory({
    modelTopology: manifest.modelTopology,
    weightSpecs: groups.flatMap((g) => g.weights),
    weightData,
  }));
  return { name: pkg.replace("@upscalerjs/", ""), model, params: model.countParams() };
}

/** Raw RGB (h x w x 3, uint8) -> raw RGB at 2x, predicted patch by patch like UpscalerJS. */
function esrganRaw(model, rgb, width, height) {
  const out = new Float32Array(width * 2 * height * 2 * 3);
  const input = tf.tensor3d(new Float32Array(rgb), [height, width, 3]); // the RDN models take 0..255
  for (let y0 = 0; y0 < height; y0 += PATCH) {
    for (let x0 = 0; x0 < width; x0 += PATCH) {
      const y1 = Math.min(y0 + PATCH, height), x1 = Math.min(x0 + PATCH, width);
      const py0 = Math.max(0, y0 - OVERLAP), px0 = Math.max(0, x0 - OVERLAP);
      const py1 = Math.min(height, y1 + OVERLAP), px1 = Math.min(width, x1 + OVERLAP);
      const patch = tf.tidy(() => {
        const slice = input.slice([py0, px0, 0], [py1 - py0, px1 - px0, 3]).expandDims(0);
        const pred = model.predict(slice).squeeze([0]);
        return pred.slice([(y0 - py0) * 2, (x0 - px0) * 2, 0], [(y1 - y0) * 2, (x1 - x0) * 2, 3]);
      });
      const data = patch.dataSync();
      patch.dispose();
      const rowLen = (x1 - x0) * 2 * 3;
      for (let r = 0; r < (y1 - y0) * 2; r++) {
        out.set(data.subarray(r * rowLen, (r + 1) * rowLen), ((y0 * 2 + r) * width * 2 + x0 * 2) * 3);
      }
      sampleRss();
    }
  }
  input.dispose();
  return Buffer.from(Uint8ClampedArray.from(out, Math.round));
}

const lanczosPipeline = (img, width, height, sharpen) => {
  const p = img.resize(width * 2, height * 2, { fit: "fill", kernel: "lanczos3" });
  return sharpen ? p.convolve(SHARPEN) : p;
};
const rawOf = async (img) => img.removeAlpha().raw().toBuffer({ resolveWithObject: true });
const fromRaw = (buf, width, height) => sharp(buf, { raw: { width, height, channels: 3 } });

/** JPEG in -> JPEG q90 out, exactly the local provider's pipeline. */
async function lanczosJpeg(jpeg) {
  const { width, height } = await sharp(jpeg).metadata();
  return lanczosPipeline(sharp(jpeg).rotate(), width, height, true).flatten({ background: "#ffffff" }).jpeg({ quality: 90 }).toBuffer();
}
/** JPEG in -> JPEG q90 out through the model (decode and encode with sharp, as a provider would). */
async function esrganJpeg(model, jpeg) {
  const { data, info } = await rawOf(sharp(jpeg).rotate());
  const up = esrganRaw(model, data, info.width, info.height);
  return fromRaw(up, info.width * 2, info.height * 2).jpeg({ quality: 90 }).toBuffer();
}

async function time(fn, runs) {
  const ms = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return ms[Math.floor(ms.length / 2)];
}

// Quality on luma (BT.601), the channel the eye judges sharpness by.
function luma(rgb) {
  const y = new Float64Array(rgb.length / 3);
  for (let i = 0; i < y.length; i++) y[i] = 0.299 * rgb[3 * i] + 0.587 * rgb[3 * i + 1] + 0.114 * rgb[3 * i + 2];
  return y;
}
function quality(ref, test, width, height) {
  const a = luma(ref), b = luma(test);
  let se = 0, ae = 0;
  for (let i = 0; i < a.length; i++) { const d = a[i] - b[i]; se += d * d; ae += Math.abs(d); }
  // Mean SSIM over 8x8 windows with stride 4 (Wang et al. constants for 8-bit data).
  const C1 = (0.01 * 255) ** 2, C2 = (0.03 * 255) ** 2;
  let ssimSum = 0, windows = 0;
  for (let y = 0; y + 8 <= height; y += 4) {
    for (let x = 0; x + 8 <= width; x += 4) {
      let ma = 0, mb2 = 0, va = 0, vb = 0, cov = 0;
      for (let j = 0; j < 8; j++) for (let i = 0; i < 8; i++) { const k = (y + j) * width + x + i; ma += a[k]; mb2 += b[k]; }
      ma /= 64; mb2 /= 64;
      for (let j = 0; j < 8; j++) for (let i = 0; i < 8; i++) {
        const k = (y + j) * width + x + i, da = a[k] - ma, db = b[k] - mb2;
        va += da * da; vb += db * db; cov += da * db;
      }
      va /= 63; vb /= 63; cov /= 63;
      ssimSum += ((2 * ma * mb2 + C1) * (2 * cov + C2)) / ((ma * ma + mb2 * mb2 + C1) * (va + vb + C2));
      windows++;
    }
  }
  const mse = se / a.length;
  return { psnr: 10 * Math.log10((255 * 255) / mse), ssim: ssimSum / windows, mae: ae / a.length };
}

const round = (n, d = 2) => Number(n.toFixed(d));

/**
 * The samples/ photos are flat renders (9 KB JPEGs) that any method upscales well, so the
 * reference is drawn here instead: gradients, hard and thin edges, fine stripes, small
 * text and sensor-like grain, rendered at 2048x1536 and reduced the way a camera would.
 */
async function syntheticRoom() {
  const W = 2048, H = 1536;
  const planks = Array.from({ length: 24 }, (_, i) => `<line x1="${i * 90 - 400}" y1="1536" x2="${1024 + (i - 12) * 22}" y2="1000" stroke="#5a3b22" stroke-width="3"/>`).join("");
  const books = Array.from({ length: 40 }, (_, i) => `<rect x="${1500 + i * 12}" y="${300 + (i % 3) * 4}" width="10" height="${150 - (i % 5) * 9}" fill="hsl(${(i * 47) % 360},45%,${35 + (i % 4) * 8}%)"/>`).join("");
  const blinds = Array.from({ length: 30 }, (_, i) => `<line x1="220" y1="${210 + i * 16}" x2="820" y2="${210 + i * 16}" stroke="#d8dde2" stroke-width="4"/>`).join("");
  const weave = Array.from({ length: 60 }, (_, i) => `<line x1="${420 + i * 14}" y1="1080" x2="${420 + i * 14}" y2="1300" stroke="#7d2e2e" stroke-width="2" opacity="0.5"/>`).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <defs>
      <linearGradient id="wall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#efe6d6"/><stop offset="1" stop-color="#b9a98f"/></linearGradient>
      <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#a0714a"/><stop offset="1" stop-color="#6b4426"/></linearGradient>
      <radialGradient id="lamp" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff6d8"/><stop offset="1" stop-color="#fff6d8" stop-opacity="0"/></radialGradient>
    </defs>
    <rect width="${W}" height="1000" fill="url(#wall)"/>
    <polygon points="0,1000 ${W},1000 ${W},${H} 0,${H}" fill="url(#floor)"/>${planks}
    <rect x="200" y="190" width="640" height="500" fill="#9fc3e6" stroke="#ffffff" stroke-width="14"/>${blinds}
    <line x1="520" y1="190" x2="520" y2="690" stroke="#ffffff" stroke-width="10"/>
    <rect x="1480" y="280" width="520" height="500" fill="none" stroke="#3b2a1c" stroke-width="10"/>${books}
    <rect x="1080" y="240" width="280" height="200" fill="#f8f8f8" stroke="#202020" stroke-width="12"/>
    <text x="1100" y="330" font-family="sans-serif" font-size="30" fill="#202020">SUMMER 1998</text>
    <text x="1100" y="380" font-family="serif" font-size="18" fill="#404040">Lake house, north shore</text>
    <rect x="380" y="820" width="900" height="260" rx="40" fill="#8c3a3a"/>
    <rect x="400" y="1060" width="860" height="240" fill="#a24646"/>${weave}
    <rect x="520" y="1360" width="620" height="40" fill="#2b2b2b"/>
    <circle cx="1650" cy="950" r="200" fill="url(#lamp)"/>
    <rect x="1630" y="900" width="40" height="420" fill="#1c1c1c"/>
  </svg>`;
  const grain = await sharp({ create: { width: W / 2, height: H / 2, channels: 3, noise: { type: "gaussian", mean: 128, sigma: 24 } } }).png().toBuffer();
  return sharp(Buffer.from(svg)).resize(W / 2, H / 2, { kernel: "lanczos3" })
    .composite([{ input: grain, blend: "soft-light" }])
    .removeAlpha().raw().toBuffer();
}

async function main() {
  await tf.setBackend("wasm");
  await tf.ready();
  const machine = {
    cpus: `${os.availableParallelism()} x ${os.cpus()[0]?.model}`,
    memoryGb: round(os.totalmem() / 2 ** 30, 1),
    node: process.version,
    sharp: sharp.versions.sharp,
    libvips: sharp.versions.vips,
    tfjs: tf.version.tfjs,
    backend: tf.getBackend(),
    wasmSimd: await tf.env().getAsync("WASM_HAS_SIMD_SUPPORT"),
    wasmThreads: await tf.env().getAsync("WASM_HAS_MULTITHREAD_SUPPORT"),
  };
  console.log(JSON.stringify({ machine }, null, 1));

  // A textured synthetic room, 1024x768: the quality reference and the source of every input size.
  const reference = await syntheticRoom();
  const refImg = () => fromRaw(reference, 1024, 768);
  const sizes = [[128, 96], [256, 192], [512, 384], [1024, 768]];
  const inputs = new Map();
  for (const [w, h] of sizes) {
    const img = w === 1024 ? refImg() : refImg().resize(w, h, { kernel: "lanczos3" });
    inputs.set(`${w}x${h}`, await img.jpeg({ quality: 95 }).toBuffer());
  }

  const rows = [];
  const lanczosMs = {};
  for (const [w, h] of sizes) {
    const key = `${w}x${h}`;
    await lanczosJpeg(inputs.get(key)); // warm-up
    lanczosMs[key] = await time(() => lanczosJpeg(inputs.get(key)), 5);
    rows.push({ method: "lanczos3+sharpen", input: key, runs: 5, ms: round(lanczosMs[key], 1), msPerInputMP: round(lanczosMs[key] / (w * h / 1e6), 0) });
  }
  sampleRss();
  const lanczosPeak = peakRss;
  console.log(JSON.stringify({ lanczosPeakRssMb: mb(lanczosPeak) }));

  const models = [];
  for (const pkg of quick ? ["@upscalerjs/esrgan-slim"] : ["@upscalerjs/esrgan-slim", "@upscalerjs/esrgan-medium"]) {
    const t = performance.now();
    const m = await loadEsrgan(pkg);
    m.loadMs = round(performance.now() - t, 0);
    models.push(m);
    esrganRaw(m.model, Buffer.alloc(16 * 16 * 3), 16, 16); // warm-up: compiles the kernels
    for (const [w, h] of sizes) {
      const key = `${w}x${h}`;
      const pixels = w * h;
      // 1024x768 only for slim (medium would take minutes); fewer runs as the size grows.
      if (w === 1024 && (quick || m.name !== "esrgan-slim")) continue;
      const runs = pixels <= 256 * 192 ? 3 : 1;
      const ms = await time(() => esrganJpeg(m.model, inputs.get(key)), runs);
      const row = { method: m.name, input: key, runs, ms: round(ms, 0), msPerInputMP: round(ms / (pixels / 1e6), 0), xLanczos: round(ms / lanczosMs[key], 0) };
      rows.push(row);
      console.log(JSON.stringify(row));
    }
    sampleRss();
    m.peakRssMb = mb(peakRss);
  }

  // Quality: halve the reference, upscale back, compare with the reference (raw, no JPEG).
  const small = await refImg().resize(512, 384, { kernel: "lanczos3" }).raw().toBuffer();
  const candidates = [
    ["lanczos3 (no sharpen)", async () => (await rawOf(lanczosPipeline(fromRaw(small, 512, 384), 512, 384, false))).data],
    ["lanczos3+sharpen (local provider)", async () => (await rawOf(lanczosPipeline(fromRaw(small, 512, 384), 512, 384, true))).data],
    ...models.map((m) => [m.name, async () => esrganRaw(m.model, small, 512, 384)]),
  ];
  const qualityRows = [];
  for (const [method, run] of candidates) {
    const out = await run();
    const q = quality(reference, out, 1024, 768);
    qualityRows.push({ method, psnrDb: round(q.psnr), ssim: round(q.ssim, 4), maeLuma: round(q.mae) });
    if (process.env.SAVE_DIR) await fromRaw(out, 1024, 768).png().toFile(path.join(process.env.SAVE_DIR, `${method.split(" ")[0]}.png`));
  }

  // Extrapolation per input megapixel from the largest input each method ran on.
  const largest = (method) => rows.filter((r) => r.method === method).at(-1);
  const extrapolation = ["lanczos3+sharpen", ...models.map((m) => m.name)].map((method) => {
    const r = largest(method);
    return { method, basis: r.input, msPerInputMP: r.msPerInputMP, s3MP: round(r.msPerInputMP * 3 / 1000, 1), s12MP: round(r.msPerInputMP * 12 / 1000, 1), s50MP: round(r.msPerInputMP * 50 / 1000, 1) };
  });

  clearInterval(sampler);
  const memory = { lanczosPeakRssMb: mb(lanczosPeak), ...Object.fromEntries(models.map((m) => [`after_${m.name}_PeakRssMb`, m.peakRssMb])) };
  const modelInfo = models.map((m) => ({ model: m.name, params: m.params, loadMs: m.loadMs }));
  console.log(JSON.stringify({ rows, modelInfo, memory, quality: qualityRows, extrapolation }, null, 1));
}

await main();

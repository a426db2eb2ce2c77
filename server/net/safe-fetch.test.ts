import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { env } from "@/env";
import { AppError } from "@/server/errors";
import { assertPublicUrl } from "./assert-public-url";
import { BlockedDestinationError } from "./destination";
import { fetchSourceImage } from "./fetch-source-image";
import { safeFetch } from "./safe-fetch";
import { startCountingServer, type CountingServer } from "@/test/counting-server";
import { rejectionOf } from "@/test/rejection";

let server: CountingServer;
let png: Buffer;
let jpeg: Buffer;

const refusal = (promise: Promise<unknown>) => rejectionOf(promise, AppError);

beforeAll(async () => {
  server = await startCountingServer();
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#3a6" } })
    .png()
    .toBuffer();
  jpeg = await sharp({ create: { width: 20, height: 10, channels: 3, background: "#a63" } })
    .jpeg()
    .toBuffer();
  const local = (path: string) => `http://127.0.0.1:${server.port}${path}`;
  server.route("/image.png", (_, res) => res.writeHead(200, { "content-type": "image/png" }).end(png));
  server.route("/lying.html", (_, res) => res.writeHead(200, { "content-type": "text/html" }).end(jpeg));
  server.route("/page.html", (_, res) => res.writeHead(200, { "content-type": "image/png" }).end("<html>hello</html>"));
  server.route("/corrupt.png", (_, res) => res.writeHead(200, { "content-type": "image/png" }).end(png.subarray(0, png.length - 30)));
  server.route("/garbage.png", (_, res) => res.writeHead(200).end(Buffer.concat([png.subarray(0, 24), Buffer.alloc(200, 7)])));
  server.route("/big-declared", (_, res) => res.writeHead(200, { "content-length": "5000" }).end(Buffer.alloc(5000)));
  server.route("/big-chunked", (_, res) => {
    res.writeHead(200);
    for (let i = 0; i < 10; i++) res.write(Buffer.alloc(1000));
    res.end();
  });
  server.route("/missing", (_, res) => res.writeHead(404).end("secret page content"));
  server.route("/never", () => {});
  server.route("/to-localhost", (_, res) => res.writeHead(302, { location: `http://localhost:${server.port}/image.png` }).end());
  server.route("/to-mapped", (_, res) => res.writeHead(301, { location: `http://[::ffff:127.0.0.1]:${server.port}/image.png` }).end());
  server.route("/to-metadata", (_, res) => res.writeHead(307, { location: "http://169.254.169.254/latest/meta-data/" }).end());
  server.route("/to-file", (_, res) => res.writeHead(302, { location: "file:///etc/passwd" }).end());
  server.route("/to-image", (_, res) => res.writeHead(302, { location: local("/image.png") }).end());
  server.route("/loop", (req, res) => res.writeHead(302, { location: `/loop?${req.url?.length}` }).end());
  server.route("/hook", (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => res.writeHead(200).end(`${req.method} ${req.headers["x-sig"]} ${Buffer.concat(chunks)}`));
  });
});

afterAll(async () => {
  await server?.close();
});

beforeEach(() => {
  server.reset();
  env.V1_FETCH_ALLOWLIST = [];
});

const allowLocal = () => {
  env.V1_FETCH_ALLOWLIST = [`127.0.0.1:${server.port}`];
};

describe("safeFetch refuses private destinations before connecting", () => {
  const forms = [
    "127.0.0.1",
    "127.1",
    "2130706433",
    "0177.0.0.1",
    "0x7f.0.0.1",
    "0.0.0.0",
    "10.0.0.1",
    "172.16.5.4",
    "192.168.0.1",
    "100.64.0.1",
    "169.254.169.254",
    "[::1]",
    "[fe80::1]",
    "[fc00::1]",
    "[::ffff:127.0.0.1]",
    "[::ffff:a9fe:a9fe]",
    "[::]",
    "localhost",
    "localhost.",
  ];
  it.each(forms)("http://%s", async (host) => {
    const error = await refusal(safeFetch(`http://${host}:${server.port}/image.png`, { timeoutMs: 5000 }));
    expect(error.code).toBe("source_fetch_failed");
    expect(error.cause).toBeInstanceOf(BlockedDestinationError);
    expect(server.connections).toBe(0);
  });

  it("refuses the same forms over https", async () => {
    const error = await refusal(safeFetch(`https://127.1:${server.port}/`));
    expect(error.cause).toBeInstanceOf(BlockedDestinationError);
    expect(server.connections).toBe(0);
  });

  it("does not let an allowlist entry for one port open another", async () => {
    env.V1_FETCH_ALLOWLIST = [`127.0.0.1:${server.port + 1}`];
    const error = await refusal(safeFetch(`http://127.0.0.1:${server.port}/image.png`));
    expect(error.cause).toBeInstanceOf(BlockedDestinationError);
    expect(server.connections).toBe(0);
  });

  it.each(["file:///etc/passwd", "ftp://example.com/a.png", "data:image/png;base64,AAAA", "gopher://127.0.0.1/", "not a url"])(
    "refuses %s as invalid_request",
    async (url) => {
      expect((await refusal(safeFetch(url))).code).toBe("invalid_request");
      expect(server.connections).toBe(0);
    },
  );

  it("assertPublicUrl applies the same rule without connecting", async () => {
    expect((await refusal(assertPublicUrl(`http://localhost:${server.port}/hook`))).code).toBe("source_fetch_failed");
    expect((await refusal(assertPublicUrl("ftp://example.com/"))).code).toBe("invalid_request");
    allowLocal();
    await expect(assertPublicUrl(`http://127.0.0.1:${server.port}/hook`)).resolves.toBeInstanceOf(URL);
    expect(server.connections).toBe(0);
  });
});

describe("safeFetch with an allowlisted local server", () => {
  it("fetches an allowlisted host:port", async () => {
    allowLocal();
    const result = await safeFetch(`http://127.0.0.1:${server.port}/image.png`);
    expect(result.status).toBe(200);
    expect(result.body.equals(png)).toBe(true);
    expect(server.connections).toBe(1);
  });

  it("follows a redirect within the allowlist", async () => {
    allowLocal();
    const result = await safeFetch(`http://127.0.0.1:${server.port}/to-image`);
    expect(result.finalUrl).toBe(`http://127.0.0.1:${server.port}/image.png`);
    expect(result.body.equals(png)).toBe(true);
  });

  it.each(["/to-localhost", "/to-mapped", "/to-metadata"])("refuses the redirect %s into private space", async (path) => {
    allowLocal();
    const error = await refusal(safeFetch(`http://127.0.0.1:${server.port}${path}`, { timeoutMs: 5000 }));
    expect(error.code).toBe("source_fetch_failed");
    expect(error.cause).toBeInstanceOf(BlockedDestinationError);
    expect(server.requests).toEqual([path]);
  });

  it("refuses a redirect to another scheme", async () => {
    allowLocal();
    expect((await refusal(safeFetch(`http://127.0.0.1:${server.port}/to-file`))).code).toBe("source_fetch_failed");
  });

  it("stops after V1_FETCH_MAX_REDIRECTS redirects", async () => {
    allowLocal();
    const error = await refusal(safeFetch(`http://127.0.0.1:${server.port}/loop`));
    expect(error.code).toBe("source_fetch_failed");
    expect(server.requests).toHaveLength(env.V1_FETCH_MAX_REDIRECTS + 1);
  });

  it("turns non-2xx into source_fetch_failed without echoing the body", async () => {
    allowLocal();
    const error = await refusal(safeFetch(`http://127.0.0.1:${server.port}/missing`));
    expect(error.code).toBe("source_fetch_failed");
    expect(JSON.stringify(error.toInfo())).not.toContain("secret page content");
  });

  it.each(["/big-declared", "/big-chunked"])("stops reading %s past maxBytes", async (path) => {
    allowLocal();
    expect((await refusal(safeFetch(`http://127.0.0.1:${server.port}${path}`, { maxBytes: 2500 }))).code).toBe("payload_too_large");
  });

  it("gives up after the timeout", async () => {
    allowLocal();
    const error = await refusal(safeFetch(`http://127.0.0.1:${server.port}/never`, { timeoutMs: 200 }));
    expect(error.code).toBe("source_fetch_failed");
    expect(error.message).toMatch(/in time/);
  });

  it("posts a body and treats a redirect as failure when redirects are off", async () => {
    allowLocal();
    const delivered = await safeFetch(`http://127.0.0.1:${server.port}/hook`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-sig": "abc" },
      body: '{"a":1}',
      allowRedirects: false,
    });
    expect(delivered.body.toString()).toBe('POST abc {"a":1}');
    const error = await refusal(
      safeFetch(`http://127.0.0.1:${server.port}/to-image`, { method: "POST", body: "{}", allowRedirects: false }),
    );
    expect(error.details).toEqual({ status: 302 });
    expect(server.requests).toEqual(["/hook", "/to-image"]);
  });
});

describe("fetchSourceImage", () => {
  it("sniffs the real format, whatever Content-Type says", async () => {
    allowLocal();
    const image = await fetchSourceImage(`http://127.0.0.1:${server.port}/lying.html`);
    expect(image).toMatchObject({ contentType: "image/jpeg", width: 20, height: 10 });
    const other = await fetchSourceImage(`http://127.0.0.1:${server.port}/image.png`);
    expect(other).toMatchObject({ contentType: "image/png", width: 40, height: 30 });
  });

  it.each(["/page.html", "/corrupt.png", "/garbage.png"])("refuses %s as unsupported_media", async (path) => {
    allowLocal();
    expect((await refusal(fetchSourceImage(`http://127.0.0.1:${server.port}${path}`))).code).toBe("unsupported_media");
  });

  it("refuses other image formats", async () => {
    allowLocal();
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    server.route("/image.gif", (_, res) => res.writeHead(200, { "content-type": "image/png" }).end(gif));
    expect((await refusal(fetchSourceImage(`http://127.0.0.1:${server.port}/image.gif`))).code).toBe("unsupported_media");
  });

  it("refuses images over the pixel or byte limit", async () => {
    allowLocal();
    const url = `http://127.0.0.1:${server.port}/image.png`;
    expect((await refusal(fetchSourceImage(url, { maxPixels: 1199 }))).code).toBe("payload_too_large");
    expect((await refusal(fetchSourceImage(url, { maxBytes: png.length - 1 }))).code).toBe("payload_too_large");
    await expect(fetchSourceImage(url, { maxPixels: 1200, maxBytes: png.length })).resolves.toMatchObject({ width: 40 });
  });

  it("refuses a private source before connecting", async () => {
    const error = await refusal(fetchSourceImage(`http://localhost:${server.port}/image.png`));
    expect(error.code).toBe("source_fetch_failed");
    expect(server.connections).toBe(0);
  });
});

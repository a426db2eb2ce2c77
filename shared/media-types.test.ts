import { describe, expect, it } from "vitest";
import { extensionFor } from "./media-types";

describe("extensionFor", () => {
  it("names the stored extension of each media type, ignoring case and parameters, and bin for others", () => {
    expect(["image/jpeg", "image/png", "image/webp", "video/mp4"].map(extensionFor)).toEqual(["jpg", "png", "webp", "mp4"]);
    expect(extensionFor("Image/PNG; charset=binary")).toBe("png");
    expect(extensionFor("application/octet-stream")).toBe("bin");
  });
});

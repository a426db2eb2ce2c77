import { describe, expect, it } from "vitest";
import { safeCallbackUrl } from "@/shared/safe-callback";

describe("safeCallbackUrl", () => {
  it.each([
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/%09/evil.example".replace("%09", decodeURIComponent("%09")),
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "/\\/evil.example",
    "\\\\evil.example",
    "https://evil.example/",
    "http:evil.example",
    "javascript:alert(1)",
    " /workspaces",
    "/\u0000/evil.example",
    "",
    null,
    undefined,
  ])("refuses %j", (value) => {
    expect(safeCallbackUrl(value)).toBe("/workspaces");
  });

  it.each([
    ["/workspaces", "/workspaces"],
    ["/w/harbour/projects?tab=photos#top", "/w/harbour/projects?tab=photos#top"],
    ["/invite/abc", "/invite/abc"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/a/../b", "/b"],
  ])("keeps the same-site path %j", (value, expected) => {
    const result = safeCallbackUrl(value);
    expect(result).toBe(expected);
    // Whatever comes back resolves to our own origin, as a browser would resolve it.
    expect(new URL(result, "https://app.example").origin).toBe("https://app.example");
  });
});

import { describe, expect, it } from "vitest";
import { keptAreasPhrase, keptAreasSentence } from "./kept-areas";

describe("kept areas in words", () => {
  it("names each kind once, counted, in the order first marked", () => {
    expect(keptAreasPhrase([{ name: "window" }, { name: "fireplace" }, { name: "Window" }])).toBe("the 2 windows and the fireplace");
    expect(keptAreasPhrase([{ name: "door" }, { name: "built-in" }, { name: "bench" }, { name: "bench" }])).toBe(
      "the door, the built-in and the 2 benches",
    );
    expect(keptAreasPhrase([{ name: " " }])).toBe("the marked area");
    expect(keptAreasPhrase([])).toBeNull();
  });

  it("says what the disclosure says", () => {
    expect(keptAreasSentence([{ name: "window" }, { name: "fireplace" }])).toBe(
      "The window and the fireplace are kept exactly from the original photo.",
    );
    expect(keptAreasSentence([{ name: "fireplace" }])).toBe("The fireplace is kept exactly from the original photo.");
    expect(keptAreasSentence([])).toBeNull();
  });
});

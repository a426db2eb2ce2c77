import { describe, expect, it } from "vitest";
import {
  changeCounts,
  changeCountLabel,
  describeChanges,
  listingChanges,
  NOTHING_PUBLISHED,
  type ListingSidePick,
} from "./listing-changes";

const pick = (outputId: string, name: string, caption: string | null = null, image = `${outputId}.jpg`): ListingSidePick => ({
  outputId,
  name,
  caption,
  image,
});

describe("listingChanges", () => {
  const published = {
    picks: [pick("a", "Photo 1", "Lounge"), pick("b", "Photo 2"), pick("c", "Photo 3"), pick("d", "Photo 4")],
    description: "Bright house.",
  };

  it("finds nothing when the draft is what was published", () => {
    const same = listingChanges(published, { picks: [...published.picks], description: "Bright house." });
    expect(same.count).toBe(0);
    expect(same.byPick).toEqual({});
    expect(describeChanges(same)).toEqual([]);
  });

  it("counts a swap as one move, and a removal ahead of a pick moves nothing", () => {
    const swapped = listingChanges(published, {
      picks: [pick("b", "Photo 1"), pick("a", "Photo 2", "Lounge"), pick("c", "Photo 3"), pick("d", "Photo 4")],
      description: "Bright house.",
    });
    expect([swapped.moved.length, swapped.count]).toEqual([1, 1]);
    const shortened = listingChanges(published, {
      picks: [pick("b", "Photo 1"), pick("c", "Photo 2"), pick("d", "Photo 3")],
      description: "Bright house.",
    });
    expect([shortened.removed, shortened.moved, shortened.count]).toEqual([["Photo 1"], [], 1]);
  });

  it("names each kind of change, tags each pick and counts them for the log", () => {
    const draft = {
      picks: [
        pick("e", "Photo 1"),
        pick("c", "Photo 2", "Kitchen"),
        pick("a", "Photo 3", "Lounge", "a-attempt-2.jpg"),
        pick("b", "Photo 4"),
      ],
      description: "Bright house by the sea.",
    };
    const changes = listingChanges(published, draft);
    expect(changes).toMatchObject({
      added: ["Photo 1"],
      removed: ["Photo 4"],
      moved: ["Photo 2"],
      captions: ["Photo 2"],
      images: ["Photo 3"],
      description: true,
      count: 6,
    });
    expect(changes.byPick).toEqual({ e: ["added"], c: ["moved", "caption"], a: ["image"] });
    expect(describeChanges(changes)).toEqual([
      "Added: Photo 1",
      "Taken off: Photo 4 (as numbered on the published page)",
      "Moved: Photo 2 (the photos' numbers change)",
      "Caption changed: Photo 2",
      "New image (redone): Photo 3",
      "Description changed",
    ]);
    expect(changeCounts(changes)).toEqual({ added: 1, removed: 1, moved: 1, captions: 1, images: 1, description: true });
    expect(changeCountLabel(changes.count)).toBe("6 unpublished changes");
    expect(changeCountLabel(1)).toBe("1 unpublished change");
  });

  it("against nothing published, every pick and a description are additions", () => {
    const first = listingChanges(NOTHING_PUBLISHED, { picks: [pick("a", "Photo 1"), pick("b", "Photo 2")], description: "Text" });
    expect([first.added, first.description, first.count]).toEqual([["Photo 1", "Photo 2"], true, 3]);
  });
});

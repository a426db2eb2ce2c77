/**
 * Whether a picked result may be published, as the reasons it may not: the one place
 * that decides. The listing panel shows the reasons beside the pick and on the publish
 * button, and publishing refuses a draft while any pick has one. A new condition is one
 * more entry of PUBLISH_CONDITIONS: what it needs to know of the result, and its words.
 */
import "server-only";
import type { ListingEntry } from "./load-listing";

export type PickedResult = Pick<ListingEntry, "output" | "kind" | "params" | "disclosure">;

interface PublishCondition {
  /** True when the result may not be published for this reason. */
  blocks: (result: PickedResult) => boolean;
  reason: string;
}

const PUBLISH_CONDITIONS: readonly PublishCondition[] = [
  { blocks: ({ output }) => output.status === "running", reason: "A new attempt is still being made: publish once it has finished." },
  { blocks: ({ output }) => output.status === "failed", reason: "Its latest attempt failed: redo it, or take it off the page." },
  {
    // D17: the structure check was unsure whether the room was kept; a person decides first.
    blocks: ({ output }) => output.structureCheck?.verdict === "review" && !output.lookedRightAt,
    reason: "The structure check asks someone to look at it first: open it, then mark it Looks right or redo it.",
  },
];

export function publishBlockers(result: PickedResult): string[] {
  return PUBLISH_CONDITIONS.filter((condition) => condition.blocks(result)).map((condition) => condition.reason);
}

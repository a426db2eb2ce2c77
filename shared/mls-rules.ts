/**
 * MLS rule sets a workspace can choose: which edits each allows on interior and
 * exterior listing photos, the wording its photo descriptions use, and whether the
 * unaltered original must be linked. Pure module: the studio's forms warn or refuse
 * with the reason before starting work, and its server procedures refuse the same; the
 * v1 API knows nothing of this (it stays rule-agnostic).
 *
 * What the rules say (sources in each set and in README "Compliance"): staging may add
 * movable items only; walls, floors, cabinets, counters, appliances, windows and views
 * must not change and defects must not be hidden; exterior staging is limited to
 * unattached furniture; a staged photo says "Virtually staged" in its description and
 * the listing carries a remark line; California AB 723 adds a statement plus a link or
 * QR code to the unaltered original on or beside the image.
 */

import type { EditOperation, RenderType } from "./vocabulary";

export type MlsVerdict = { allowed: "yes" } | { allowed: "warn" | "no"; reason: string };

export interface MlsRuleSet {
  id: MlsRuleSetId;
  name: string;
  rules: Record<RenderType, Record<EditOperation, MlsVerdict>>;
  /** Words for the photo description of a staged photo and of an otherwise altered one. */
  stagedWording: string;
  alteredWording: string;
  remarkRequired: boolean;
  /** A link or QR code to the unaltered original must be on or beside the image. */
  originalLinkRequired: boolean;
  sources: string[];
}

const YES: MlsVerdict = { allowed: "yes" };
const REASONS = {
  permanent:
    "MLS rules allow staging of movable items only: walls, floors, cabinets, counters, appliances, windows and views must not change.",
  wallColour: "Wall color is a permanent feature of the property; MLS rules do not allow changing it in a listing photo.",
  removal:
    "Removing movable clutter is allowed; removing or hiding permanent fixtures or defects is not. Check the result before publishing.",
  replace: "Replacing items is allowed for movable furniture and decor only; permanent features and defects must stay as they are.",
  render: "A render from a sketch is not a photo of the property as it is; publish it only as a rendering, never as a listing photo.",
  exteriorStaging: "On exterior photos MLS rules allow only unattached furniture to be added (no landscaping, paint or structures).",
  exteriorRedesign: "On exterior photos only unattached furniture may be added; a redesign changes the building or grounds.",
} as const;

/** What the movable-items-only rules say alike indoors and out. */
const EITHER_SETTING = {
  render: { allowed: "warn", reason: REASONS.render },
  declutter: { allowed: "warn", reason: REASONS.removal },
  color_change: { allowed: "no", reason: REASONS.wallColour },
  inpaint_remove: { allowed: "warn", reason: REASONS.removal },
  inpaint_replace: { allowed: "warn", reason: REASONS.replace },
  upscale: YES,
  video: YES,
} as const satisfies Partial<Record<EditOperation, MlsVerdict>>;

const MOVABLE_ITEMS_ONLY: Record<RenderType, Record<EditOperation, MlsVerdict>> = {
  interior: { staging: YES, redecorate: { allowed: "warn", reason: REASONS.permanent }, ...EITHER_SETTING },
  exterior: {
    staging: { allowed: "warn", reason: REASONS.exteriorStaging },
    redecorate: { allowed: "no", reason: REASONS.exteriorRedesign },
    ...EITHER_SETTING,
  },
};

export const MLS_RULE_SET_IDS = ["general", "stellar", "mls_now", "california"] as const;
export type MlsRuleSetId = (typeof MLS_RULE_SET_IDS)[number];

/** Every rule set today: movable items only, the same wording, a remark required. */
const MOVABLE_ITEMS_WORDING = {
  rules: MOVABLE_ITEMS_ONLY,
  stagedWording: "Virtually staged",
  alteredWording: "Digitally altered",
  remarkRequired: true,
} as const;

export const MLS_RULE_SETS: Record<MlsRuleSetId, MlsRuleSet> = {
  general: {
    id: "general",
    name: "General (movable items only, original linked)",
    ...MOVABLE_ITEMS_WORDING,
    originalLinkRequired: true,
    sources: [
      "Stellar MLS Rules and Regulations, Article 04.04",
      "MLS Now Rules and Regulations, Section 3.3",
      "California AB 723 (Business and Professions Code §10140.8)",
    ],
  },
  stellar: {
    id: "stellar",
    name: "Stellar MLS (Florida)",
    ...MOVABLE_ITEMS_WORDING,
    originalLinkRequired: false,
    sources: ["Stellar MLS Rules and Regulations, Article 04.04"],
  },
  mls_now: {
    id: "mls_now",
    name: "MLS Now (Ohio)",
    ...MOVABLE_ITEMS_WORDING,
    originalLinkRequired: false,
    sources: ["MLS Now Rules and Regulations, Section 3.3"],
  },
  california: {
    id: "california",
    name: "California (AB 723)",
    ...MOVABLE_ITEMS_WORDING,
    originalLinkRequired: true,
    sources: [
      "California AB 723 (Business and Professions Code §10140.8)",
      "Stellar MLS Rules and Regulations, Article 04.04 (movable items only)",
    ],
  },
};

export const DEFAULT_MLS_RULE_SET: MlsRuleSetId = "general";

export function mlsRuleSet(id: string | null | undefined): MlsRuleSet {
  return MLS_RULE_SETS[(MLS_RULE_SET_IDS as readonly string[]).includes(id ?? "") ? (id as MlsRuleSetId) : DEFAULT_MLS_RULE_SET];
}

/** Whether the rule set allows an operation on an interior or exterior photo, and why not. */
export function mlsVerdict(ruleSetId: string | null | undefined, operation: EditOperation, setting: RenderType): MlsVerdict {
  return mlsRuleSet(ruleSetId).rules[setting][operation];
}

/** Room types photographed outdoors. */
const OUTDOOR_ROOMS = new Set(["patio"]);

/**
 * Interior or exterior, from an environment (`exterior`; a commercial interior follows
 * the interior rules) or a room type (`patio`).
 */
export function photoSettingOf(environmentOrRoom: string | null | undefined): RenderType {
  return environmentOrRoom === "exterior" || OUTDOOR_ROOMS.has(environmentOrRoom ?? "") ? "exterior" : "interior";
}

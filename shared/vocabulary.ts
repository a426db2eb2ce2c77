/**
 * The one vocabulary: every enumerated word Atrium speaks and every rule over those
 * words, defined once. The v1 contract's words come first (the service validates with
 * them, the studio's inputs and forms offer them, the providers receive them, the
 * database columns are typed by them); the studio's own words follow. Pure module with
 * no imports: the browser, db/schema (loaded by drizzle-kit in plain Node) and the
 * server all read it.
 */

/** "living_room" → "Living room". */
export function idLabel(id: string): string {
  const words = id.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "Living Room", "living-room" and "LIVING_ROOM" all become "living_room". */
export function labelToId(label: string): string {
  return label
    .trim()
    .toLowerCase()
    .replace(/[\s\-_]+/g, "_");
}

/** Display labels of a word list: idLabel of each word, except where a better one is given. */
function labelsOf<W extends string>(words: readonly W[], better: Partial<Record<W, string>> = {}): Record<W, string> {
  return Object.fromEntries(words.map((word) => [word, better[word] ?? idLabel(word)])) as Record<W, string>;
}

function isOneOf<W extends string>(words: readonly W[], value: string): value is W {
  return (words as readonly string[]).includes(value);
}

// ---------------------------------------------------------------- the v1 contract (D5)

export const REDESIGN_TYPES = ["staging", "declutter", "render", "redecorate", "color_change"] as const;
export type RedesignType = (typeof REDESIGN_TYPES)[number];
/** In the order the Stage form offers them. */
export const REDESIGN_TYPE_LABELS = {
  staging: "Virtual staging",
  declutter: "Declutter (empty room)",
  redecorate: "Redecorate",
  render: "Sketch to render",
  color_change: "Wall color change",
} as const satisfies Record<RedesignType, string>;

/** Which redesign types need a style, and which a color (D5). */
export const needsStyle = (type: RedesignType): boolean => type === "staging" || type === "render" || type === "redecorate";
export const needsColor = (type: RedesignType): boolean => type === "color_change";

/** Display labels clients send for a redesign type, besides its id. */
const REDESIGN_ALIASES: Record<string, RedesignType> = {
  virtual_staging: "staging",
  furniture_staging: "staging",
  stage: "staging",
  empty_room: "declutter",
  remove_furniture: "declutter",
  sketch_to_render: "render",
  redesign: "redecorate",
  restyle: "redecorate",
  colour_change: "color_change",
  paint: "color_change",
  wall_color: "color_change",
};
/** The accepted display labels besides the ids, for the 400's message ("virtual staging", "paint"…). */
export const REDESIGN_LABEL_LIST = Object.keys(REDESIGN_ALIASES).map((label) => label.replace(/_/g, " "));

export const ROOM_TYPES = [
  "living_room",
  "bedroom",
  "kitchen",
  "dining_room",
  "bathroom",
  "home_office",
  "kids_room",
  "entryway",
  "basement",
  "patio",
] as const;
export type RoomType = (typeof ROOM_TYPES)[number];
/** Where a suggested room type came from (studio's whole-listing form), and how the form says so. */
export const ROOM_TYPE_SOURCE_HINTS = { photo: "Suggested from the photo", file_name: "Suggested from the file name" } as const;
export type RoomTypeSource = keyof typeof ROOM_TYPE_SOURCE_HINTS;

export const STYLES = [
  "modern",
  "contemporary",
  "scandinavian",
  "industrial",
  "farmhouse",
  "coastal",
  "mid_century_modern",
  "minimalist",
  "traditional",
  "bohemian",
  "japandi",
  "luxury",
] as const;
export type Style = (typeof STYLES)[number];

/** Labels are accepted for ids: matching is case-insensitive and spaces, hyphens and underscores are alike. */
export function normalizeRedesignType(label: string): RedesignType | null {
  const id = labelToId(label);
  return isOneOf(REDESIGN_TYPES, id) ? id : (REDESIGN_ALIASES[id] ?? null);
}
export function normalizeRoomType(label: string): RoomType | null {
  const id = labelToId(label);
  return isOneOf(ROOM_TYPES, id) ? id : null;
}
export function normalizeStyle(label: string): Style | null {
  const id = labelToId(label);
  return isOneOf(STYLES, id) ? id : null;
}

export const ENVIRONMENTS = ["interior", "exterior", "commercial"] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** How strongly a redesign or an inpaint changes the photo, and where each starts. */
export const INTENSITY = { min: 0.1, max: 1, redesign: 0.6, inpaint: 0.5 } as const;

export const VIDEO_MODES = ["before_after", "flyover", "zoom_in", "pan", "reveal"] as const;
export type VideoMode = (typeof VIDEO_MODES)[number];
export const VIDEO_MODE_LABELS = labelsOf(VIDEO_MODES, { before_after: "Before / after" });
export const VIDEO_SECONDS = 5;
/** Before / after needs an end image; reveal may have one; the other modes move over one image. */
export const needsEndImage = (mode: VideoMode): boolean => mode === "before_after";
export const takesEndImage = (mode: VideoMode): boolean => mode === "before_after" || mode === "reveal";

export const INPAINTING_TYPES = ["remove", "replace"] as const;
export type InpaintingType = (typeof INPAINTING_TYPES)[number];
/** Where a photo was taken: the inpaint's render type, and the setting MLS rules distinguish. */
export const RENDER_TYPES = ["interior", "exterior"] as const;
export type RenderType = (typeof RENDER_TYPES)[number];

/** A multi-view set: the anchor and 1 to 3 other views of the same room; 4 generations per view in all (D7). */
export const MULTIVIEW_OTHER_VIEWS = { min: 1, max: 3 } as const;
export const MULTIVIEW_MAX_ATTEMPTS = 4;

export const TONES = ["professional", "warm", "luxury", "casual"] as const;
export type Tone = (typeof TONES)[number];
export const LENGTHS = ["short", "medium", "long"] as const;
export type Length = (typeof LENGTHS)[number];
export const DESCRIPTION_DEFAULTS = { tone: "professional", length: "medium", language: "en" } as const satisfies {
  tone: Tone;
  length: Length;
  language: string;
};
/** A BCP 47 language tag: "en", "fr", "es-MX". */
export const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
/** The languages the studio offers for listing copy, and writes the listing's remark lines in. */
export const COPY_LANGUAGES = ["en", "es", "fr", "de", "it", "pt", "nl"] as const;
export type CopyLanguage = (typeof COPY_LANGUAGES)[number];
/** What a property description takes (D8): its photos, and the length or size of each property fact. */
export const DESCRIPTION_LIMITS = {
  images: { min: 1, max: 20 },
  address: 300,
  word: 100,
  price: 1e12,
  rooms: 1000,
  bathroomStep: 0.5,
  highlight: 300,
  highlights: 10,
} as const;

/** The plans, from the least to the most a workspace gets: the order upgrades go in. */
export const PLANS = ["free", "premium", "business"] as const;
export type Plan = (typeof PLANS)[number];
/** The plan nobody pays for: where a workspace starts and where an ended subscription leaves it. */
export const FREE_PLAN = "free" as const satisfies Plan;
export const PAID_PLANS = ["premium", "business"] as const satisfies readonly Plan[];
export type PaidPlan = (typeof PAID_PLANS)[number];

export function isPaidPlan(plan: string): plan is PaidPlan {
  return (PAID_PLANS as readonly string[]).includes(plan);
}
/** Whether `plan` comes after `than` in PLANS (an upgrade). */
export function planAbove(plan: Plan, than: Plan): boolean {
  return PLANS.indexOf(plan) > PLANS.indexOf(than);
}
/** "free, premium or business": the plans in a message. */
export const PLAN_LIST_WORDS = `${PLANS.slice(0, -1).join(", ")} or ${PLANS.at(-1)}`;

/** The edits MLS rules and disclosures speak about: the redesign types, inpaint and its upscale, video. */
export const EDIT_OPERATIONS = [
  "staging",
  "redecorate",
  "render",
  "declutter",
  "color_change",
  "inpaint_remove",
  "inpaint_replace",
  "upscale",
  "video",
] as const;
export type EditOperation = (typeof EDIT_OPERATIONS)[number];
export const inpaintOperation = (type: InpaintingType): EditOperation => (type === "replace" ? "inpaint_replace" : "inpaint_remove");

// ---------------------------------------------------------------- the developer console (D16)
// Key scopes, webhook event types, delivery states, and how many keys and endpoints an
// account may hold: the v1 verbs, the tRPC inputs and the Developers pages read them.

/** `read_only` keys may call GET routes only; anything else answers 403 `insufficient_scope`. */
export const KEY_SCOPES = ["full", "read_only"] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];
export const KEY_SCOPE_LABELS: Record<KeyScope, string> = { full: "Full access", read_only: "Read only" };

export const MAX_LIVE_KEYS = 20;
export const MAX_KEY_NAME_LENGTH = 60;

/** The longest overlap the service accepts when a key is rotated or a webhook secret is rolled: 30 days (D16). */
export const MAX_ROTATION_OVERLAP_HOURS = 24 * 30;
/** Why an overlap is refused, or null: 0 (the old one stops at once) to MAX_ROTATION_OVERLAP_HOURS. */
export function overlapProblem(hours: number): string | null {
  return Number.isFinite(hours) && hours >= 0 && hours <= MAX_ROTATION_OVERLAP_HOURS
    ? null
    : `The overlap is 0 to ${MAX_ROTATION_OVERLAP_HOURS} hours.`;
}
/** The overlaps the studio offers, all within the service's range; 24 h is the default (D16). */
export const ROTATION_OVERLAP_HOURS = [0, 1, 24, 72, 168] as const;
export type RotationOverlapHours = (typeof ROTATION_OVERLAP_HOURS)[number];
export const DEFAULT_ROTATION_OVERLAP_HOURS: RotationOverlapHours = 24;
export function overlapLabel(hours: number): string {
  if (hours === 0) return "None: the old one stops at once";
  if (hours < 24) return `${hours} hour${hours === 1 ? "" : "s"}`;
  return `${hours / 24} day${hours === 24 ? "" : "s"}`;
}

/** The events an endpoint can subscribe to (D11); `webhook.test` is sent only by "Send test event". */
export const WEBHOOK_EVENT_TYPES = ["job.completed", "job.failed"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const TEST_EVENT_TYPE = "webhook.test";
export const MAX_WEBHOOK_ENDPOINTS = 10;
/** An endpoint's description: for people telling endpoints apart, so short. */
export const MAX_WEBHOOK_DESCRIPTION_LENGTH = 200;

export const DELIVERY_STATES = ["pending", "delivered", "failed"] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** Days the request log and the webhook delivery log keep their rows (D16). */
export const DEVELOPER_LOG_DAYS = 30;

/** The request log's status filter. */
export const STATUS_CLASSES = ["2xx", "4xx", "5xx"] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

/**
 * The structure check's verdicts (D17): `fail` refuses the output (regenerated once, then
 * `structure_changed`); `review` delivers it marked for a person; `pass` delivers it.
 */
export const STRUCTURE_VERDICTS = ["pass", "review", "fail"] as const;
export type StructureVerdict = (typeof STRUCTURE_VERDICTS)[number];
/** The verdicts a delivered output can carry: a failed one is never delivered. */
export const DELIVERED_VERDICTS = ["pass", "review"] as const satisfies readonly StructureVerdict[];
export type DeliveredVerdict = (typeof DELIVERED_VERDICTS)[number];
/** Free redos of `review` outputs per source photo per day (D17). */
export const FREE_REVIEW_REDOS_PER_DAY = 2;

// ---------------------------------------------------------------- the studio

export const WORKSPACE_ROLES = ["owner", "admin", "agent"] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];
export const ROLE_LABELS = labelsOf(WORKSPACE_ROLES);
/**
 * What happens to the API keys and webhook endpoints a member answers for when they are
 * removed, leave or become an agent: revoked (the default: keys refused, endpoints turned
 * off) or handed over to the owner making the change.
 */
export const MEMBER_CREDENTIAL_CHOICES = ["revoke", "hand_over"] as const;
export type MemberCredentialChoice = (typeof MEMBER_CREDENTIAL_CHOICES)[number];
/** The membership changes that settle what a member held, as the audit log and the owners' mail name them. */
export type MemberDeparture = "member_removed" | "member_left" | "member_demoted";
/** The roles an invitation can grant: owners are made by other owners, never invited. */
export const INVITATION_ROLES = ["agent", "admin"] as const satisfies readonly WorkspaceRole[];
export type InvitationRole = (typeof INVITATION_ROLES)[number];

export const PROPERTY_TYPES = ["house", "apartment", "condo", "townhouse", "land", "commercial", "other"] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];
export const PROPERTY_TYPE_LABELS = labelsOf(PROPERTY_TYPES);

export const LISTING_STATUSES = ["draft", "coming_soon", "active", "pending", "sold", "off_market"] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
export const LISTING_STATUS_LABELS = labelsOf(LISTING_STATUSES);

export const LISTING_TYPES = ["sale", "rent"] as const;
export type ListingType = (typeof LISTING_TYPES)[number];
export const LISTING_TYPE_LABELS = labelsOf(LISTING_TYPES, { sale: "For sale", rent: "For rent" });

export const GENERATION_KINDS = ["staging", "multiview", "inpaint_upscale", "video", "description"] as const;
export type GenerationKind = (typeof GENERATION_KINDS)[number];
export const GENERATION_KIND_LABELS = labelsOf(GENERATION_KINDS, { multiview: "Multi-view", inpaint_upscale: "Edit & upscale" });

export const GENERATION_STATUSES = ["running", "completed", "failed"] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

/** staged: a staging output; view: a multi-view view; inpainted/upscaled: the chain's two steps. */
export const OUTPUT_ROLES = ["staged", "view", "inpainted", "upscaled", "video"] as const;
export type OutputRole = (typeof OUTPUT_ROLES)[number];
/** Outputs that alter a real photo: what the share page shows beside its original (labels: output-disclosure.ts). */
export const ALTERED_ROLES: readonly OutputRole[] = ["staged", "view", "inpainted", "upscaled"];

export const USAGE_OPERATIONS = [
  "job",
  "multiview",
  "multiview_sibling",
  "multiview_redo",
  "inpaint",
  "upscale",
  "video",
  "property_description",
] as const;
export type UsageOperation = (typeof USAGE_OPERATIONS)[number];
export const USAGE_OPERATION_LABELS = labelsOf(USAGE_OPERATIONS, {
  job: "Staging job",
  multiview: "Multi-view anchor",
  multiview_sibling: "Multi-view sibling",
  multiview_redo: "Multi-view redo",
});

/** running: photos are being started; paused: none are started until resumed; canceled: none will be; completed: every photo settled. */
export const BATCH_STATUSES = ["running", "paused", "canceled", "completed"] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
/** Where a photo's plan stands; a started photo's outcome is its staging generation's status. */
export const BATCH_PHOTO_STATES = ["queued", "started", "canceled", "failed"] as const;
export type BatchPhotoState = (typeof BATCH_PHOTO_STATES)[number];
/** What a batch photo shows: its plan state, or its generation's status once started. */
export type BatchPhotoProgress = "queued" | "running" | "completed" | "failed" | "canceled";
export const BATCH_PHOTO_LIMIT = 100;

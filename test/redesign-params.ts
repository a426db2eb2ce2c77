import type { RedesignParams } from "@/server/providers/types";

/** A provider's redesign parameters for a modern living-room staging, as a job hands them over: what tests and the bench start from. */
export const LIVING_ROOM_STAGING: RedesignParams = {
  type: "staging",
  roomType: "living_room",
  style: "modern",
  color: null,
  intensity: 0.6,
  environment: "interior",
  maskPrompt: null,
  inspiration: null,
  styleReference: null,
  variant: 0,
};

/** Named types of the v1 API, taken from the generated OpenAPI types. */
import type { components, operations } from "./generated/v1.ts";
import { PLANS } from "./generated/terms.ts";

type Schemas = components["schemas"];

/** A machine-readable code the service answers with (`error.code` of an envelope, `code` of a legacy error). */
export type ErrorCode = Schemas["ErrorCode"];
/** The error body of the envelope routes: `status` failed, `result` null, `error.code` one of ErrorCode. */
export type FailedEnvelope = Schemas["FailedEnvelope"];
export type JobRequest = Schemas["JobRequest"];
export type JobCreated = Schemas["JobCreated"];
export type JobRecord = Schemas["JobRecord"];
export type JobStatus = Schemas["JobStatus"];
export type Me = Schemas["Me"];
export type DeleteRequest = Schemas["DeleteRequest"];
export type DeleteResponse = Schemas["DeleteResponse"];
export type MultiviewRequest = Schemas["MultiviewRequest"];
export type MultiviewCreated = Schemas["MultiviewCreated"];
export type MultiviewStatus = Schemas["MultiviewStatus"];
export type MultiviewRedoRequest = Schemas["MultiviewRedoRequest"];
export type MultiviewRedo = Schemas["MultiviewRedo"];
export type InpaintRequest = Schemas["InpaintRequest"];
export type InpaintResponse = Schemas["InpaintResponse"];
export type UpscaleRequest = Schemas["UpscaleRequest"];
export type UpscaleResponse = Schemas["UpscaleResponse"];
export type VideoRequest = Schemas["VideoRequest"];
export type VideoCreated = Schemas["VideoCreated"];
export type VideoStatus = Schemas["VideoStatus"];
export type PropertyDescriptionRequest = Schemas["PropertyDescriptionRequest"];
export type PropertyDescriptionResponse = Schemas["PropertyDescriptionResponse"];
export type WebhookEvent = Schemas["WebhookEvent"];
/** Any answer of an envelope route (D6): a route's own envelope, or the failed one. */
export type Envelope =
  | InpaintResponse
  | UpscaleResponse
  | VideoCreated
  | VideoStatus
  | MultiviewCreated
  | MultiviewStatus
  | MultiviewRedo
  | PropertyDescriptionResponse
  | FailedEnvelope;
export type OperationId = keyof operations;

export type Plan = (typeof PLANS)[number];

/** The plan named by GET /me's `Atrium-Plan` header, or null when a deployment sends none. */
export function planOf(value: string | null): Plan | null {
  const plan = value?.trim();
  return PLANS.find((known) => known === plan) ?? null;
}

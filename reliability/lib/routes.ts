/** The 13 routes of /api/v1 (D12), with the zod schemas that validate their input. */
import type { z } from "zod";
import { DeleteRequestSchema, JobListQuerySchema, JobRequestSchema } from "@/server/v1/schemas/job";
import { InpaintRequestSchema, UpscaleRequestSchema, VideoRequestSchema, VideoStatusQuerySchema } from "@/server/v1/schemas/media";
import { MultiviewRedoRequestSchema, MultiviewRequestSchema, MultiviewStatusQuerySchema } from "@/server/v1/schemas/multiview";
import { PropertyDescriptionRequestSchema } from "@/server/v1/schemas/property-description";

export interface RouteDef {
  name: string;
  method: "GET" | "POST";
  path: string;
  body?: z.ZodType;
  query?: z.ZodType;
  /** GET /jobs/{jobSource}: the id is a path segment. */
  pathParam?: boolean;
  /** A generation POST: consumes quota, may charge, honours Idempotency-Key. */
  generation?: boolean;
  style: "legacy" | "envelope";
}

export const ROUTES: RouteDef[] = [
  { name: "POST /job", method: "POST", path: "/job", body: JobRequestSchema, generation: true, style: "legacy" },
  { name: "GET /jobs", method: "GET", path: "/jobs", query: JobListQuerySchema, style: "legacy" },
  { name: "GET /jobs/{jobSource}", method: "GET", path: "/jobs", pathParam: true, style: "legacy" },
  { name: "POST /delete", method: "POST", path: "/delete", body: DeleteRequestSchema, style: "legacy" },
  { name: "GET /me", method: "GET", path: "/me", style: "legacy" },
  { name: "POST /multiview", method: "POST", path: "/multiview", body: MultiviewRequestSchema, generation: true, style: "envelope" },
  { name: "GET /multiview", method: "GET", path: "/multiview", query: MultiviewStatusQuerySchema, style: "envelope" },
  { name: "POST /multiview/redo", method: "POST", path: "/multiview/redo", body: MultiviewRedoRequestSchema, generation: true, style: "envelope" },
  { name: "POST /inpaint", method: "POST", path: "/inpaint", body: InpaintRequestSchema, generation: true, style: "envelope" },
  { name: "POST /upscale", method: "POST", path: "/upscale", body: UpscaleRequestSchema, generation: true, style: "envelope" },
  { name: "POST /video", method: "POST", path: "/video", body: VideoRequestSchema, generation: true, style: "envelope" },
  { name: "GET /video", method: "GET", path: "/video", query: VideoStatusQuerySchema, style: "envelope" },
  { name: "POST /tools/property-description", method: "POST", path: "/tools/property-description", body: PropertyDescriptionRequestSchema, generation: true, style: "envelope" },
];

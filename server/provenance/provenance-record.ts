/**
 * What every stored output says about how it was made. Built by the service when it
 * stores an output (the share page URL is unknown there and added by the studio when it
 * exports a labelled copy).
 */
import "server-only";
import crypto from "node:crypto";
import type { KeptRegion } from "@/server/images/kept-areas";
import { digitalSourceTypeFor, type DigitalSourceType } from "./digital-source-type";

export interface ProvenanceRecord {
  digitalSourceType: DigitalSourceType;
  /** `staging`, `declutter`, `inpaint_remove`, `upscale`, `video_zoom_in`, … */
  operation: string;
  provider: string;
  /** The provider's model, or what did the work when no model did. */
  model: string;
  /** Hex SHA-256 of the source file's bytes as received. */
  sourceSha256: string;
  createdAt: Date;
  shareUrl: string | null;
  /** Areas whose pixels are the source's own (D17: kept by the agent), as fractions of the frame; empty when none. */
  keptAreas: KeptRegion[];
}

/** The local provider runs no model: the record says so rather than leaving it blank. */
export const LOCAL_MODEL = "classical image processing (no generative model)";

export function sha256Hex(bytes: Buffer): string {
  return crypto.createHash("sha256").update(bytes).digest("hex");
}

export function provenanceRecord(input: {
  operation: string;
  provider: string;
  model?: string | null;
  source: Buffer;
  createdAt: Date;
  shareUrl?: string | null;
  keptAreas?: KeptRegion[];
}): ProvenanceRecord {
  return {
    digitalSourceType: digitalSourceTypeFor(input),
    operation: input.operation,
    provider: input.provider,
    model: input.model ?? (input.provider === "local" ? LOCAL_MODEL : "unknown"),
    sourceSha256: sha256Hex(input.source),
    createdAt: input.createdAt,
    shareUrl: input.shareUrl ?? null,
    keptAreas: input.keptAreas ?? [],
  };
}

/**
 * One interface for every image operation of the v1 service. Each provider method
 * takes image bytes (the service fetches and validates sources first) and returns the
 * output bytes plus the provider's name and a status URI, so the service stores every
 * output in its own storage whichever provider made it.
 */

import "server-only";
import type { KeptRegion } from "@/server/images/kept-areas";
import type { Environment, InpaintingType, Length, RedesignType, RenderType, Tone, VideoMode } from "@/shared/vocabulary";

export interface ImageFile {
  bytes: Buffer;
  /** image/jpeg, image/png, image/webp, video/mp4 */
  contentType: string;
}

export interface ProviderResult {
  provider: string;
  /** Where the provider's own record of the work lives, e.g. `local://upscale/<id>` or an https URL. */
  statusUrl: string;
  /** The model that made the outputs (hosted providers), written into each output's provenance. */
  model?: string;
  outputs: ImageFile[];
  /** URLs the provider returned for its outputs, when it returns URLs (hosted providers). */
  providerOutputUrls?: string[];
}

export interface RedesignParams {
  type: RedesignType;
  roomType: string;
  style: string | null;
  /** `#rrggbb`, already normalized from a palette name. */
  color: string | null;
  intensity: number;
  environment: Environment;
  maskPrompt: string | null;
  inspiration: Buffer | null;
  /** Multi-view siblings: the anchor's output, so every view shares one look. */
  styleReference: Buffer | null;
  /** 0-based index of this output in its group; providers vary outputs by it. */
  variant: number;
  /** The client's seed (POST /job `seed`): hosted models start from seed + variant. The local preview is already the same for one style. */
  seed?: number | null;
  /** Our unit of work (e.g. `job-output:<id>`): hosted providers resume its paid task instead of starting another. */
  workKey?: string;
  /**
   * A second attempt after the structure check refused the first output
   * (server/images/structure-check.ts): hosted models are told more firmly what must
   * not change; the local provider ignores it.
   */
  firmStructure?: boolean;
  /**
   * Areas the agent keeps from the photo (D17): where they lie. Their pixels are pasted
   * back from the photo after generation whatever the model draws; hosted models are told
   * to leave them as they are and clear of furniture. Null or absent: nothing is kept.
   */
  keptAreas?: KeptRegion[] | null;
}

export interface InpaintParams {
  inpaintingType: InpaintingType;
  renderType: RenderType;
  style: string | null;
  roomType: string | null;
  intensity: number;
  workKey?: string;
}

export interface VideoParams {
  mode: VideoMode;
  image: Buffer;
  tail: Buffer | null;
  durationSeconds: number;
  /** Called with 0..100 as rendering advances. */
  onProgress?: (percent: number) => Promise<void> | void;
  workKey?: string;
}

export interface PropertyData {
  address?: string;
  property_type: string;
  listing_status?: string;
  listing_type?: string;
  price?: number;
  currency?: string;
  bedrooms?: number;
  bathrooms?: number;
  highlights?: string[];
}

export interface GenerationSettings {
  tone: Tone;
  length: Length;
  language: string;
}

export interface ImageAnalysis {
  index: number;
  width: number;
  height: number;
  orientation: "landscape" | "portrait" | "square";
  /** 0 (black) to 1 (white), mean luminance. */
  brightness: number;
  /** Up to 5 `#rrggbb` colors, most common first. */
  dominant_colors: string[];
  room_type: string | null;
  features: string[];
}

export interface DescribeParams {
  images: ImageFile[];
  analysis: ImageAnalysis[];
  propertyData: PropertyData;
  settings: GenerationSettings;
}

export interface DescribeResult {
  provider: string;
  statusUrl: string;
  description: string;
}

export interface RedesignProvider {
  name: string;
  redesign(source: ImageFile, params: RedesignParams, signal?: AbortSignal): Promise<ProviderResult>;
}
export interface InpaintProvider {
  name: string;
  inpaint(image: ImageFile, mask: ImageFile, params: InpaintParams, signal?: AbortSignal): Promise<ProviderResult>;
}
export interface UpscaleProvider {
  name: string;
  /** Twice the width and height, the long side capped at `maxLongSide`. */
  upscale(image: ImageFile, options: { maxLongSide: number; workKey?: string }, signal?: AbortSignal): Promise<ProviderResult>;
}
export interface VideoProvider {
  name: string;
  video(params: VideoParams, signal?: AbortSignal): Promise<ProviderResult>;
}
export interface DescribeProvider {
  name: string;
  /** The languages it writes, as primary BCP 47 subtags ("en"); absent: any language. */
  languages?: readonly string[];
  describe(params: DescribeParams, signal?: AbortSignal): Promise<DescribeResult>;
}

export interface Providers {
  redesign: RedesignProvider;
  inpaint: InpaintProvider;
  upscale: UpscaleProvider;
  video: VideoProvider;
  describe: DescribeProvider;
}

/**
 * A provider failure. `transient` failures (timeouts, 429, 5xx, lost connections) are
 * retried; permanent ones fail the job at once. Messages must not carry provider
 * secrets or fetched content: they reach API clients as `error.message`.
 */
export class ProviderError extends Error {
  readonly transient: boolean;
  readonly timeout: boolean;

  constructor(message: string, options: { transient: boolean; timeout?: boolean; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = "ProviderError";
    this.transient = options.transient;
    this.timeout = options.timeout ?? false;
  }
}

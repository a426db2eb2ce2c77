/**
 * The local staging, redecorate and render output: a labelled style PREVIEW, not virtual
 * staging (placing furniture needs a hosted generative model). Staging grades the photo
 * toward the style; redecorate also pulls surfaces toward the style palette; render first
 * turns the input into flat shaded surfaces with lines (sketch-render.ts). Each output
 * index gets a slightly different grade. With a style reference (multi-view siblings) the
 * result takes the reference's Lab statistics so all views match; an inspiration image
 * pulls the colours half-way toward itself.
 */
import "server-only";
import { labStats, labStatsOf, transferColor } from "@/server/images/color-transfer";
import { resizeRgb, type RgbImage } from "@/server/images/raw-image";
import type { RedesignParams } from "../types";
import { sketchToRender } from "./sketch-render";
import { gradeImage } from "./style-grade";
import { styleGrade, varyGrade } from "./styles";

const PALETTE_MIX = { staging: 0, redecorate: 0.25, render: 0.35 } as const;
const STATS_SIDE = 256;

async function statsOf(image: RgbImage) {
  const scale = Math.min(1, STATS_SIDE / Math.max(image.width, image.height));
  const small =
    scale < 1 ? await resizeRgb(image, Math.max(1, Math.round(image.width * scale)), Math.max(1, Math.round(image.height * scale))) : image;
  return labStats(small);
}

export async function stylePreview(
  source: RgbImage,
  params: Pick<RedesignParams, "style" | "intensity" | "variant" | "styleReference" | "inspiration">,
  kind: keyof typeof PALETTE_MIX,
): Promise<RgbImage> {
  const base = kind === "render" ? await sketchToRender(source) : source;
  const graded = gradeImage(base, varyGrade(styleGrade(params.style), params.variant), {
    intensity: params.intensity,
    paletteMix: PALETTE_MIX[kind],
  });
  const reference = params.styleReference ?? params.inspiration;
  if (!reference) return graded;
  const amount = params.styleReference ? 1 : 0.5;
  return transferColor(graded, await statsOf(graded), await labStatsOf(reference), amount);
}

import "server-only";

/**
 * How each catalogue style grades an image in the local preview. Values are hand-set
 * from the styles' usual descriptions (e.g. scandinavian: light, airy, desaturated;
 * industrial: cool, contrasty; bohemian: warm, saturated). `palette` is the style's
 * shadow, mid-tone and highlight colour: its chroma tints shadows and highlights, and
 * redecorate/render map tones onto it.
 */
export interface StyleGrade {
  /** -1 cool .. +1 warm white balance. */
  warmth: number;
  saturation: number;
  contrast: number;
  /** Added to every channel, 0..1 scale. */
  brightness: number;
  palette: readonly [shadow: string, mid: string, highlight: string];
}

export const STYLE_GRADES: Readonly<Record<string, StyleGrade>> = {
  modern: { warmth: 0, saturation: 0.95, contrast: 1.12, brightness: 0.02, palette: ["#2b2d31", "#8d9096", "#f2f2f0"] },
  contemporary: { warmth: 0.1, saturation: 1, contrast: 1.08, brightness: 0.03, palette: ["#3a3634", "#a39e96", "#f4f1ea"] },
  scandinavian: { warmth: 0.05, saturation: 0.8, contrast: 0.95, brightness: 0.08, palette: ["#5b5750", "#c9c1b4", "#fbfaf7"] },
  industrial: { warmth: -0.2, saturation: 0.75, contrast: 1.2, brightness: -0.04, palette: ["#1f2326", "#6e6a64", "#d9d4cc"] },
  farmhouse: { warmth: 0.3, saturation: 0.9, contrast: 1, brightness: 0.04, palette: ["#4a3a2c", "#b39a7c", "#f3ead9"] },
  coastal: { warmth: -0.25, saturation: 1.05, contrast: 0.98, brightness: 0.07, palette: ["#2c4a5e", "#8fb3c4", "#f5f7f4"] },
  mid_century_modern: { warmth: 0.35, saturation: 1.15, contrast: 1.08, brightness: 0, palette: ["#3b2a1e", "#c07a3a", "#efe0c2"] },
  minimalist: { warmth: 0, saturation: 0.6, contrast: 0.92, brightness: 0.08, palette: ["#4d4d4d", "#bdbdbd", "#fafafa"] },
  traditional: { warmth: 0.4, saturation: 1.05, contrast: 1.1, brightness: -0.02, palette: ["#3a2418", "#9c6b45", "#ecdcc0"] },
  bohemian: { warmth: 0.45, saturation: 1.3, contrast: 1.05, brightness: 0.01, palette: ["#4a2a2e", "#c4703d", "#f3d9b1"] },
  japandi: { warmth: 0.15, saturation: 0.7, contrast: 0.95, brightness: 0.04, palette: ["#3d3a35", "#a8998a", "#f1ece3"] },
  luxury: { warmth: 0.2, saturation: 1.1, contrast: 1.18, brightness: -0.03, palette: ["#1c1a1f", "#8a7452", "#f0e2c0"] },
};

export const DEFAULT_STYLE = "modern";

export function styleGrade(style: string | null): StyleGrade {
  return STYLE_GRADES[style ?? DEFAULT_STYLE] ?? STYLE_GRADES[DEFAULT_STYLE];
}

/**
 * A small, deterministic change per output index so the outputs of one job differ
 * visibly; variant 0 is the style itself. Steps around the golden angle spread variants.
 */
export function varyGrade(grade: StyleGrade, variant: number): StyleGrade {
  if (variant <= 0) return grade;
  const angle = variant * 2.39996;
  return {
    ...grade,
    warmth: grade.warmth + 0.12 * Math.sin(angle),
    saturation: grade.saturation * (1 + 0.1 * Math.cos(angle)),
    contrast: grade.contrast * (1 + 0.05 * Math.sin(2 * angle)),
    brightness: grade.brightness + 0.025 * Math.cos(2 * angle),
  };
}

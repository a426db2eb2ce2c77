/** The rows of figure 5: "decode+encode" is the floor every image operation pays (decode, JPEG q90 encode). */
export const OPERATIONS = [
  "decode+encode",
  "staging",
  "color_change",
  "declutter",
  "inpaint remove",
  "upscale",
  "video zoom_in",
  "analyze+describe",
] as const;
export type Operation = (typeof OPERATIONS)[number];

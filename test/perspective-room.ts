/**
 * A made-up room in one-point perspective, drawn as SVG and rasterised by sharp, for the
 * structure check's tests: a back wall with windows (or a glass wall of many panes),
 * side walls, a ceiling and a floor whose edges and boards recede to a vanishing point
 * on a chosen horizon, so the check can find where the camera looked. Options add what
 * staging may add (furniture, a lamp's warm light) and what it may not change (the floor's
 * material, a kitchen's cabinets and appliance).
 */
import { sharp } from "@/server/images/sharp";

export interface PerspectiveRoomOptions {
  width?: number;
  height?: number;
  /** Horizon and vanishing point, fractions of the frame. */
  horizon?: number;
  vanishingX?: number;
  wall?: string;
  /** Windows on the back wall as [x0, y0, x1, y1], fractions of the back wall; `panes` splits one into a glass wall. */
  windows?: { box: [number, number, number, number]; panes?: number }[];
  /** Panes of the windows (by window, then pane index) painted as solid wall. */
  solidPanes?: [number, number][];
  floor?: "boards" | "tiles";
  /** Boards across the floor's width (14 unless given): a floor re-laid in boards of another width keeps its colour and joints' directions. */
  boards?: number;
  /** The back wall's top, as a fraction of the height above the horizon (0.3 unless given): a taller wall leaves the ceiling a sliver. */
  wallTop?: number;
  /** The ceiling clad in wood boards. */
  ceiling?: "plain" | "wood";
  /** The ceiling painted as the wall, with no cornice line between them: nothing in the photo separates the two. */
  seamless?: boolean;
  /** A pendant light hanging from the top of the frame at this x (fraction of the frame). */
  pendant?: number;
  /** Wall lights on the back wall at these x (fractions of the back wall), high-contrast fittings a declutter may erase. */
  wallLights?: number[];
  /** The back wall papered in narrow vertical stripes. */
  wallpaper?: boolean;
  /** Base cabinets along the back wall with an appliance in one slot; `slab` fronts have no panels or handles. */
  kitchen?: { appliance: "dishwasher" | "oven" | "none"; fronts?: "shaker" | "slab" };
  furniture?: boolean;
  /** A large patterned rug over most of the floor, its near edge running off the frame: what a staged room lays on a floor it keeps. */
  rug?: boolean;
  /** A table and two chairs standing in front of the back wall's lower third, where a kitchen's cabinets are. */
  dining?: boolean;
  /** A pair of doors on the back wall at this x (fraction of the back wall), from a third of the wall's height down to the floor. */
  door?: number;
  /** A chair (clutter a declutter may take away) standing against the back wall at this x (fraction of the back wall). */
  chair?: number;
  /** A smear as a declutter's inpainting leaves it: a soft gradient of the wall's colour over this box [x0, y0, x1, y1] of the frame, hard at its border. */
  smear?: [number, number, number, number];
  /** A lamp standing at this x (fraction of the frame) with its warm light on the back wall. */
  lamp?: number;
}

export async function perspectiveRoom(options: PerspectiveRoomOptions = {}): Promise<Buffer> {
  return sharp(Buffer.from(perspectiveRoomSvg(options)))
    .jpeg({ quality: 92 })
    .toBuffer();
}

export function perspectiveRoomSvg(options: PerspectiveRoomOptions): string {
  const { width: W = 320, height: H = 240, horizon = 0.5, vanishingX = 0.5, wall = "#d8cfbf" } = options;
  const [vx, vy] = [vanishingX * W, horizon * H];
  // The back wall, a rectangle whose corners lie on lines from the vanishing point.
  const [bx0, bx1] = [vx - 0.28 * W, vx + 0.28 * W];
  const [by0, by1] = [vy - (options.wallTop ?? 0.3) * H, vy + 0.2 * H];
  /** Where the line from the vanishing point through (x, y) leaves the frame. */
  const out = (x: number, y: number) => {
    const t = Math.min(((x > vx ? W : 0) - vx) / (x - vx), ((y > vy ? H : 0) - vy) / (y - vy));
    return [vx + (x - vx) * t, vy + (y - vy) * t] as const;
  };
  const [tl, tr, br, bl] = [out(bx0, by0), out(bx1, by0), out(bx1, by1), out(bx0, by1)];
  const poly = (points: (readonly [number, number])[], fill: string, extra = "") =>
    `<polygon points="${points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ")}" fill="${fill}" ${extra}/>`;
  const parts: string[] = [
    `<rect width="${W}" height="${H}" fill="${wall}"/>`,
    poly([[0, 0], [W, 0], tr, [bx1, by0], [bx0, by0], tl], options.ceiling === "wood" ? "#8a5a36" : options.seamless ? wall : "#f4f2ee"),
    ...(options.ceiling === "wood"
      ? [
          `<clipPath id="ceiling">${poly([[0, 0], [W, 0], tr, [bx1, by0], [bx0, by0], tl], "#000")}</clipPath>`,
          `<g clip-path="url(#ceiling)">${ceilingBoards({ vx, vy, by0, W }).join("")}</g>`,
        ]
      : []),
    poly([tl, [bx0, by0], [bx0, by1], bl], "#c9bfae"),
    poly([[bx1, by0], tr, br, [bx1, by1]], "#cfc5b4"),
    poly([[bx0, by1], [bx1, by1], br, [W, H], [0, H], bl], options.floor === "tiles" ? "#b9b6b0" : "#8a6a4a"),
    `<clipPath id="floor">${poly([[bx0, by1], [bx1, by1], br, [W, H], [0, H], bl], "#000")}</clipPath>`,
    `<g clip-path="url(#floor)">${floorLines(options.floor ?? "boards", { vx, vy, by1, W, H }, options.boards).join("")}</g>`,
    ...(options.seamless
      ? []
      : [
          `<polyline points="${tl.join(",")} ${bx0},${by0} ${bx1},${by0} ${tr.join(",")}" fill="none" stroke="#8f8778" stroke-width="1.5"/>`,
        ]),
    `<polyline points="${bl.join(",")} ${bx0},${by1} ${bx1},${by1} ${br.join(",")}" fill="none" stroke="#5a4a3a" stroke-width="2"/>`,
    `<line x1="${bx0}" y1="${by0}" x2="${bx0}" y2="${by1}" stroke="#8f8778" stroke-width="1.5"/><line x1="${bx1}" y1="${by0}" x2="${bx1}" y2="${by1}" stroke="#8f8778" stroke-width="1.5"/>`,
  ];
  if (options.wallpaper) {
    for (let x = bx0 + 3; x < bx1; x += 6)
      parts.push(`<rect x="${x.toFixed(1)}" y="${by0 + 1}" width="2" height="${by1 - by0 - 2}" fill="#b8ad99"/>`);
  }
  const onWall = ([x0, y0, x1, y1]: [number, number, number, number]) => ({
    x: bx0 + x0 * (bx1 - bx0),
    y: by0 + y0 * (by1 - by0),
    w: (x1 - x0) * (bx1 - bx0),
    h: (y1 - y0) * (by1 - by0),
  });
  (options.windows ?? []).forEach((window, w) => {
    const r = onWall(window.box);
    const panes = window.panes ?? 2;
    parts.push(`<rect x="${r.x}" y="${r.y}" width="${r.w}" height="${r.h}" fill="#e8f1f8" stroke="#ffffff" stroke-width="2"/>`);
    for (let k = 0; k < panes; k++) {
      const px = r.x + (k * r.w) / panes;
      if (options.solidPanes?.some(([sw, sp]) => sw === w && sp === k))
        parts.push(`<rect x="${px - 1}" y="${r.y - 1}" width="${r.w / panes + 2}" height="${r.h + 2}" fill="${wall}"/>`);
      else if (k > 0)
        parts.push(
          `<rect x="${px - 1}" y="${r.y}" width="2" height="${r.h}" fill="#ffffff"/><rect x="${px - 1}" y="${r.y + r.h / 2 - 1}" width="${r.w / panes}" height="2" fill="#ffffff"/>`,
        );
    }
  });
  for (const x of options.wallLights ?? []) parts.push(wallLight(bx0 + x * (bx1 - bx0), by0 + 0.2 * (by1 - by0), H));
  if (options.kitchen) parts.push(...kitchen(options.kitchen, { bx0, bx1, by0, by1 }));
  if (options.lamp !== undefined) parts.push(lamp(options.lamp * W, by1 - 0.02 * H, H));
  if (options.door !== undefined) {
    const [x, top, w] = [bx0 + options.door * (bx1 - bx0), by0 + 0.3 * (by1 - by0), 0.12 * W];
    parts.push(
      `<rect x="${x}" y="${top}" width="${w}" height="${by1 - top}" fill="#ece6da" stroke="#6e5a44" stroke-width="2"/><line x1="${x + w / 2}" y1="${top}" x2="${x + w / 2}" y2="${by1}" stroke="#6e5a44" stroke-width="2"/>`,
    );
  }
  if (options.chair !== undefined) {
    const [x, s] = [bx0 + options.chair * (bx1 - bx0), 0.03 * H];
    parts.push(
      `<rect x="${x}" y="${by1 - 2.6 * s}" width="${2 * s}" height="${1.4 * s}" fill="#7a3b2e"/><rect x="${x}" y="${by1 - 1.2 * s}" width="${2.4 * s}" height="${0.5 * s}" fill="#7a3b2e"/><rect x="${x + 0.1 * s}" y="${by1 - 0.7 * s}" width="${0.3 * s}" height="${0.9 * s}" fill="#4a2a20"/><rect x="${x + 2 * s}" y="${by1 - 0.7 * s}" width="${0.3 * s}" height="${0.9 * s}" fill="#4a2a20"/>`,
    );
  }
  if (options.smear) {
    const [x0, y0, x1, y1] = options.smear;
    parts.push(`<rect x="${x0 * W}" y="${y0 * H}" width="${(x1 - x0) * W}" height="${(y1 - y0) * H}" fill="url(#smear)"/>`);
  }
  if (options.pendant !== undefined) {
    const x = options.pendant * W;
    parts.push(
      `<line x1="${x}" y1="0" x2="${x}" y2="${0.12 * H}" stroke="#2a2a2a" stroke-width="1.5"/><polygon points="${x - 0.04 * W},${0.18 * H} ${x + 0.04 * W},${0.18 * H} ${x + 0.015 * W},${0.12 * H} ${x - 0.015 * W},${0.12 * H}" fill="#2f3a40"/>`,
    );
  }
  if (options.rug) {
    const [left, right, near] = [bx0 - 0.12 * W, bx1 + 0.12 * W, by1 + 0.03 * H];
    parts.push(
      poly(
        [
          [left, near],
          [right, near],
          [W + 0.2 * W, H + 1],
          [-0.2 * W, H + 1],
        ],
        "#9a3f36",
      ),
    );
    for (let k = 1; k < 6; k++) {
      const y = near + (k / 6) * (H - near);
      parts.push(
        `<line x1="0" y1="${y.toFixed(1)}" x2="${W}" y2="${y.toFixed(1)}" stroke="#e3c9a0" stroke-width="${(1 + k * 0.4).toFixed(1)}"/>`,
      );
    }
  }
  if (options.dining) {
    const [top, w] = [by1 - 0.3 * (by1 - by0), bx1 - bx0];
    parts.push(`<rect x="${bx0 + 0.25 * w}" y="${top}" width="${0.5 * w}" height="${0.04 * H}" fill="#5b3a22"/>`);
    parts.push(
      `<rect x="${bx0 + 0.28 * w}" y="${top}" width="${0.03 * w}" height="${by1 + 0.08 * H - top}" fill="#4a2e1a"/><rect x="${bx0 + 0.69 * w}" y="${top}" width="${0.03 * w}" height="${by1 + 0.08 * H - top}" fill="#4a2e1a"/>`,
    );
    for (const x of [0.18, 0.74])
      parts.push(
        `<rect x="${bx0 + x * w}" y="${top - 0.08 * H}" width="${0.09 * w}" height="${by1 + 0.1 * H - top}" rx="3" fill="#2f3b45"/>`,
      );
  }
  if (options.furniture) {
    parts.push(`<rect x="${vx - 0.18 * W}" y="${by1 + 0.06 * H}" width="${0.36 * W}" height="${0.14 * H}" rx="6" fill="#3e4650"/>`);
    parts.push(`<rect x="${vx - 0.1 * W}" y="${by1 + 0.24 * H}" width="${0.2 * W}" height="${0.05 * H}" fill="#6b4a2f"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><defs><linearGradient id="smear" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${wall}"/><stop offset="1" stop-color="#a89f8f"/></linearGradient><radialGradient id="glow"><stop offset="0" stop-color="#ffe4ad" stop-opacity="0.9"/><stop offset="0.6" stop-color="#ffe4ad" stop-opacity="0.6"/><stop offset="1" stop-color="#ffe2a8" stop-opacity="0"/></radialGradient></defs>${parts.join("\n")}</svg>`;
}

/** Boards recede to the vanishing point; tiles add rows across, closer together towards the back. */
function floorLines(kind: "boards" | "tiles", g: { vx: number; vy: number; by1: number; W: number; H: number }, boards = 14): string[] {
  const lines: string[] = [];
  const along = kind === "tiles" ? 7 : boards;
  for (let k = -along; k <= 2 * along; k++) {
    const x = (k / along) * g.W;
    const t = (g.by1 - g.vy) / (g.H - g.vy);
    lines.push(
      `<line x1="${g.vx + (x - g.vx) * t}" y1="${g.by1}" x2="${x}" y2="${g.H}" stroke="#000" stroke-opacity="${kind === "tiles" ? 0.45 : 0.3}" stroke-width="1"/>`,
    );
  }
  if (kind === "tiles") {
    for (let depth = 1; depth < 8; depth++) {
      const y = g.vy + (g.H - g.vy) / (1 + depth * 0.45);
      if (y > g.by1) lines.push(`<line x1="0" y1="${y}" x2="${g.W}" y2="${y}" stroke="#000" stroke-opacity="0.45" stroke-width="1"/>`);
    }
  }
  return lines;
}

/** Wood boards on the ceiling, receding to the vanishing point like the floor's. */
function ceilingBoards(g: { vx: number; vy: number; by0: number; W: number }): string[] {
  const lines: string[] = [];
  for (let k = -12; k <= 24; k++) {
    const x = (k / 12) * g.W;
    const t = (g.vy - g.by0) / g.vy;
    lines.push(
      `<line x1="${g.vx + (x - g.vx) * t}" y1="${g.by0}" x2="${x}" y2="0" stroke="#3a2414" stroke-opacity="0.6" stroke-width="1"/>`,
    );
  }
  return lines;
}

/** A wall light: a dark back plate, an arm and a white globe. */
function wallLight(x: number, y: number, H: number): string {
  const s = 0.02 * H;
  return [
    `<rect x="${x - s}" y="${y - 2 * s}" width="${2 * s}" height="${4 * s}" fill="#2f2a24"/>`,
    `<rect x="${x - 0.3 * s}" y="${y}" width="${0.6 * s}" height="${3 * s}" fill="#b08a3e"/>`,
    `<circle cx="${x}" cy="${y + 4 * s}" r="${1.6 * s}" fill="#fbfaf5" stroke="#8a7a5a" stroke-width="1"/>`,
  ].join("");
}

/** Base cabinets under a counter across the back wall's lower third, an appliance in the second slot. */
function kitchen(
  options: NonNullable<PerspectiveRoomOptions["kitchen"]>,
  b: { bx0: number; bx1: number; by0: number; by1: number },
): string[] {
  const top = b.by1 - 0.38 * (b.by1 - b.by0);
  const slots = 5;
  const w = (b.bx1 - b.bx0) / slots;
  const parts = [`<rect x="${b.bx0}" y="${top - 4}" width="${b.bx1 - b.bx0}" height="5" fill="#3b3b3b"/>`];
  for (let k = 0; k < slots; k++) {
    const x = b.bx0 + k * w;
    if (k === 1 && options.appliance !== "none") {
      parts.push(`<rect x="${x + 1}" y="${top + 2}" width="${w - 2}" height="${b.by1 - top - 3}" fill="#c7ccd1" stroke="#6d747b"/>`);
      if (options.appliance === "oven")
        parts.push(
          `<rect x="${x + w * 0.15}" y="${top + (b.by1 - top) * 0.3}" width="${w * 0.7}" height="${(b.by1 - top) * 0.45}" fill="#1f2326"/>`,
        );
      parts.push(`<rect x="${x + w * 0.1}" y="${top + 5}" width="${w * 0.8}" height="2" fill="#3a3f44"/>`);
      continue;
    }
    parts.push(`<rect x="${x + 1}" y="${top + 2}" width="${w - 2}" height="${b.by1 - top - 3}" fill="#f1ede4" stroke="#9d958a"/>`);
    if (options.fronts !== "slab") {
      parts.push(
        `<rect x="${x + w * 0.18}" y="${top + (b.by1 - top) * 0.15}" width="${w * 0.64}" height="${(b.by1 - top) * 0.7}" fill="none" stroke="#a59d91" stroke-width="1.5"/>`,
      );
      parts.push(`<rect x="${x + w * 0.45}" y="${top + 6}" width="${w * 0.1}" height="2" fill="#55504a"/>`);
    }
  }
  return parts;
}

/** A floor lamp and its light: a warm, brighter pool over most of the back wall, fading out. */
function lamp(x: number, floorY: number, H: number): string {
  const s = 0.05 * H;
  return [
    `<circle cx="${x}" cy="${floorY - 5 * s}" r="${12 * s}" fill="url(#glow)"/>`,
    `<polygon points="${x - s},${floorY - 6 * s} ${x + s},${floorY - 6 * s} ${x + 1.5 * s},${floorY - 4.5 * s} ${x - 1.5 * s},${floorY - 4.5 * s}" fill="#f6e3b8"/>`,
    `<rect x="${x - 1}" y="${floorY - 4.5 * s}" width="2" height="${4.5 * s}" fill="#333"/>`,
  ].join("");
}

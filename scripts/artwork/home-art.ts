/**
 * Draws the home page artwork from content, in one isometric style (iso.ts):
 *   - a bird's-eye view of THIS complex at dusk — one tower per building of
 *     content.infoPages.unitPositions.buildings, as tall as its floors — cropped four ways: the
 *     landscape hero, the portrait hero for phones, the location-environment banner and the site
 *     layout;
 *   - one scene per PREMIUM card (brand town, wide-area transport, education and living,
 *     residential environment).
 * No text is drawn (no font is needed when sharp rasterises them); everything is seeded, so a run
 * without content changes writes the same files. `npm run images` writes them (they are not
 * committed); scripts/artwork/index.ts runs this with every other generator.
 */
import type { Content, Image } from "../../app/content/schema";
import { slotOf } from "../../app/lib/images";
import { IsoCanvas, random, type Faces } from "./iso";
import type { ArtworkFile } from "./svg";

const STOREY = 3;
const FLOOR_SCALE = 0.82; // a storey drawn slightly shorter than the plan scale, so towers fit the view

/* ---------- Colour helpers ---------- */

function mix(a: string, b: string, t: number): string {
  const pa = [1, 3, 5].map((i) => parseInt(a.slice(i, i + 2), 16));
  const pb = [1, 3, 5].map((i) => parseInt(b.slice(i, i + 2), 16));
  return (
    "#" +
    pa
      .map((v, i) => Math.round(v + (pb[i]! - v) * t))
      .map((v) => v.toString(16).padStart(2, "0"))
      .join("")
  );
}
const fade = (f: Faces, to: string, t: number): Faces => ({
  top: mix(f.top, to, t),
  south: mix(f.south, to, t),
  east: mix(f.east, to, t),
});

/* ---------- The complex and its surroundings ---------- */

/** The site in metres: x east, y south. */
const SITE = { w: 198, d: 136 };
const TOWER = { w: 36, d: 13 };

type Tower = { name: string; floors: number; x: number; y: number };

/** Towers placed in two rows (north row taller, as on the site plan), from content. */
export function towers(content: Content): Tower[] {
  const buildings = content.infoPages.unitPositions.buildings;
  const rows = buildings.length > 3 ? 2 : 1;
  const cols = Math.ceil(buildings.length / rows);
  return buildings.map((b, i) => {
    const row = Math.floor(i / cols);
    const col = i % cols;
    const span = SITE.w - 40 - TOWER.w;
    const x = 20 + (cols > 1 ? (col * span) / (cols - 1) : span / 2) + (row ? 4 : 0);
    const y = rows > 1 ? (row ? 96 : 18) : 58;
    return { name: b.name, floors: b.floors, x, y };
  });
}

type Palette = {
  haze: string;
  ground: string;
  park: { base: string; dark: string; light: string };
  road: string;
  roadLine: string;
  walk: string;
  water: string;
  waterLight: string;
  tower: Faces;
  towerGlass: { south: string; east: string };
  lit: string;
  crown: string;
  city: Faces;
  cityGlass: string;
  low: Faces;
};

const DUSK: Palette = {
  haze: "#16244a",
  ground: "#1b2538",
  park: { base: "#24382f", dark: "#1f3a2c", light: "#3f6a4a" },
  road: "#121a2a",
  roadLine: "#d9bd8c",
  walk: "#3a4256",
  water: "#35597d",
  waterLight: "#7fa8c9",
  tower: { top: "#5b6a8c", south: "#8e7a72", east: "#243356" },
  towerGlass: { south: "#5d5264", east: "#1a2646" },
  lit: "#ffd694",
  crown: "#f3d08e",
  city: { top: "#34405e", south: "#3f4766", east: "#1d2843" },
  cityGlass: "#2a3352",
  low: { top: "#6b5a4c", south: "#8a6d52", east: "#4a3c35" },
};

type Thing = { depth: number; draw: (c: IsoCanvas) => void };

/** The dusk view of the complex in its neighbourhood (world drawn once, cropped per output). */
function drawComplex(content: Content): {
  canvas: IsoCanvas;
  bounds: { x: number; y: number; w: number; h: number };
} {
  const c = new IsoCanvas(4);
  const P = DUSK;
  const rnd = random(934);
  c.windowPattern("tw-s", { storey: STOREY * FLOOR_SCALE, bay: 3.6, glass: P.towerGlass.south });
  c.windowPattern("tw-e", { storey: STOREY * FLOOR_SCALE, bay: 3.2, glass: P.towerGlass.east });
  c.windowPattern("ct-s", { storey: STOREY * FLOOR_SCALE, bay: 3.4, glass: P.cityGlass });
  c.windowPattern("ct-e", { storey: STOREY * FLOOR_SCALE, bay: 3.4, glass: "#18213a" });

  // Ground of the whole neighbourhood.
  c.rect(-700, -600, 1700, 1500, 0, P.ground);

  // City blocks around the site, separated by roads; the river runs north of the site.
  const ROAD = 22;
  const blockW = SITE.w;
  const blockD = SITE.d;
  const things: Thing[] = [];
  const river = { y: -118, d: 46 };
  // Roads: a grid through the block edges.
  for (let i = -4; i <= 4; i++) {
    const x = i * (blockW + ROAD) - ROAD;
    c.rect(x, -600, ROAD, 1500, 0, P.road);
    c.line(
      [
        [x + ROAD / 2, -600, 0.1],
        [x + ROAD / 2, 900, 0.1],
      ],
      P.roadLine,
      0.35,
      'stroke-dasharray="14 18" opacity=".35"',
    );
  }
  for (let j = -4; j <= 5; j++) {
    const y = j * (blockD + ROAD) - ROAD;
    if (y > river.y - ROAD && y < river.y + river.d) continue;
    c.rect(-700, y, 1700, ROAD, 0, P.road);
    c.line(
      [
        [-700, y + ROAD / 2, 0.1],
        [1000, y + ROAD / 2, 0.1],
      ],
      P.roadLine,
      0.35,
      'stroke-dasharray="14 18" opacity=".35"',
    );
  }
  // The river (학의천) with its green banks.
  c.rect(-700, river.y - 14, 1700, river.d + 28, 0, P.park.base);
  c.rect(-700, river.y, 1700, river.d, 0, P.water);
  for (let k = 0; k < 26; k++) {
    const x = -650 + k * 62 + rnd.range(-10, 10);
    const y = river.y + rnd.range(8, river.d - 8);
    c.line(
      [
        [x, y, 0.1],
        [x + rnd.range(18, 40), y, 0.1],
      ],
      P.waterLight,
      0.5,
      'opacity=".45" stroke-linecap="round"',
    );
  }
  for (let k = 0; k < 70; k++) {
    const x = -660 + k * 24 + rnd.range(-6, 6);
    const y = k % 2 ? river.y - rnd.range(3, 10) : river.y + river.d + rnd.range(3, 10);
    things.push({ depth: x + y, draw: (cc) => cc.tree(x, y, 0, rnd.range(2.6, 3.6), P.park) });
  }

  // Street lights and car lights along the roads near the site.
  for (let k = 0; k < 40; k++) {
    const x = -300 + k * 22;
    const y = SITE.d + ROAD / 2 + (k % 2 ? -5 : 5);
    c.glow(x, y, 0.5, 1.6, k % 2 ? "#ffd694" : "#ff8a6b", 0.85);
  }
  for (let k = 0; k < 30; k++) {
    const y = -260 + k * 24;
    const x = -ROAD / 2 + (k % 2 ? -5 : 5);
    c.glow(x, y, 0.5, 1.6, k % 2 ? "#ffd694" : "#ff8a6b", 0.85);
  }

  // Neighbouring blocks: apartment towers and low buildings, fading into the haze with distance.
  for (let i = -3; i <= 3; i++) {
    for (let j = -3; j <= 4; j++) {
      if (i === 0 && j === 0) continue;
      const bx = i * (blockW + ROAD);
      const by = j * (blockD + ROAD);
      if (by + blockD > river.y - 16 && by < river.y + river.d + 16) continue;
      const park = (i === 0 && j === 1) || (i === 1 && j === 2);
      c.rect(bx, by, blockW, blockD, 0.05, park ? P.park.base : "#222c40");
      const dist = Math.max(0, -(bx + by) / 900);
      if (park) {
        for (let k = 0; k < 90; k++) {
          const x = bx + rnd.range(6, blockW - 6);
          const y = by + rnd.range(6, blockD - 6);
          things.push({
            depth: x + y,
            draw: (cc) => cc.tree(x, y, 0, rnd.range(2.8, 4.2), P.park),
          });
        }
        continue;
      }
      const rows = 3;
      const cols = 4 + (rnd.next() < 0.4 ? 1 : 0);
      for (let r = 0; r < rows; r++) {
        for (let k = 0; k < cols; k++) {
          if (rnd.next() < 0.1) continue;
          const w = rnd.range(22, 28);
          const d = rnd.range(11, 14);
          const x = bx + 12 + k * ((blockW - 24 - w) / Math.max(1, cols - 1));
          const y = by + 10 + r * ((blockD - 20 - d) / (rows - 1));
          const floors = Math.round(rnd.range(12, 26));
          const h = floors * STOREY * FLOOR_SCALE;
          const t = Math.min(0.75, 0.15 + dist * 0.6);
          const seed = Math.floor(rnd.next() * 1e6);
          things.push({
            depth: x + w / 2 + y + d / 2,
            draw: (cc) =>
              cc.box(x, y, 0, w, d, h, {
                faces: fade(P.city, P.haze, t),
                windows: t < 0.6 ? { south: "ct-s", east: "ct-e" } : undefined,
                lit: {
                  share: 0.16 * (1 - t),
                  color: mix(P.lit, P.haze, t * 0.6),
                  storey: STOREY * FLOOR_SCALE,
                  bay: 3.4,
                  seed,
                },
              }),
          });
        }
      }
      for (let k = 0; k < 14; k++) {
        const x = bx + rnd.range(4, blockW - 8);
        const y = by + rnd.range(4, blockD - 8);
        things.push({ depth: x + y, draw: (cc) => cc.tree(x, y, 0, rnd.range(2, 3), P.park) });
      }
    }
  }

  // The site: lawn, loop road, plaza with water, paths, community buildings, playgrounds, trees.
  c.rect(0, 0, SITE.w, SITE.d, 0.1, P.park.base);
  const inset = 10;
  c.line(
    [
      [inset, inset, 0.2],
      [SITE.w - inset, inset, 0.2],
      [SITE.w - inset, SITE.d - inset, 0.2],
      [inset, SITE.d - inset, 0.2],
      [inset, inset, 0.2],
    ],
    P.walk,
    3.2,
    'stroke-linejoin="round"',
  );
  const plaza = { x: SITE.w / 2, y: SITE.d / 2 + 2 };
  c.ellipse(plaza.x, plaza.y, 46, 19, 0.2, P.walk);
  c.ellipse(plaza.x + 8, plaza.y, 20, 8, 0.3, P.water);
  c.ellipse(plaza.x + 8, plaza.y - 1, 12, 3.5, 0.35, P.waterLight, 'opacity=".55"');
  c.rect(plaza.x - 3, plaza.y + 18, 6, SITE.d - plaza.y - 18, 0.2, P.walk);
  c.rect(plaza.x - 3, 0, 6, plaza.y - 18, 0.2, P.walk);
  for (const [x, y] of [
    [44, 60],
    [154, 78],
  ] as const) {
    c.ellipse(x, y, 6, 6, 0.25, "#7a6544");
  }
  const placed = towers(content);
  const blocked = (x: number, y: number) =>
    placed.some(
      (t) => x > t.x - 5 && x < t.x + TOWER.w + 5 && y > t.y - 5 && y < t.y + TOWER.d + 7,
    ) ||
    (Math.abs(x - plaza.x) / 50) ** 2 + (Math.abs(y - plaza.y) / 22) ** 2 < 1 ||
    Math.abs(x - plaza.x) < 6 ||
    x < inset + 4 ||
    y < inset + 4 ||
    x > SITE.w - inset - 4 ||
    y > SITE.d - inset - 4 ||
    (x > 14 && x < 44 && y > 44 && y < 66);
  for (let k = 0; k < 900 && things.length < 2600; k++) {
    const x = rnd.range(4, SITE.w - 4);
    const y = rnd.range(4, SITE.d - 4);
    if (
      blocked(x, y) &&
      !(x < inset - 2 || y < inset - 2 || x > SITE.w - inset + 2 || y > SITE.d - inset + 2)
    )
      continue;
    things.push({ depth: x + y, draw: (cc) => cc.tree(x, y, 0.1, rnd.range(2.2, 3.4), P.park) });
  }
  // Community centre (low, warm light).
  things.push({
    depth: 14 + 30 + 44 + 10,
    draw: (cc) =>
      cc.box(14, 46, 0, 30, 18, 7, {
        faces: P.low,
        lit: { share: 0.8, color: P.lit, storey: 3.5, bay: 3, seed: 5 },
        crown: P.crown,
      }),
  });
  for (const t of placed) {
    const h = t.floors * STOREY * FLOOR_SCALE;
    things.push({
      depth: t.x + TOWER.w / 2 + t.y + TOWER.d / 2,
      draw: (cc) => {
        // Podium, tower, and a rooftop crown.
        cc.box(t.x - 1.5, t.y - 1, 0, TOWER.w + 3, TOWER.d + 2, 5, { faces: P.low });
        cc.box(t.x, t.y, 5, TOWER.w, TOWER.d, h - 5, {
          faces: P.tower,
          windows: { south: "tw-s", east: "tw-e" },
          lit: {
            share: 0.3,
            color: P.lit,
            storey: STOREY * FLOOR_SCALE,
            bay: 3.6,
            seed: t.floors * 31 + t.x,
          },
          crown: P.crown,
        });
        cc.box(t.x + 8, t.y + 3, h, TOWER.w - 16, TOWER.d - 6, 4, {
          faces: fade(P.tower, "#000000", 0.15),
          crown: P.crown,
        });
      },
    });
  }
  // Street lights inside the site.
  for (let k = 0; k < 24; k++) {
    const along = k / 24;
    const perimeter = 2 * (SITE.w + SITE.d - 4 * inset);
    let d = along * perimeter;
    let x: number, y: number;
    const w = SITE.w - 2 * inset;
    const h = SITE.d - 2 * inset;
    if (d < w) [x, y] = [inset + d, inset];
    else if ((d -= w) < h) [x, y] = [SITE.w - inset, inset + d];
    else if ((d -= h) < w) [x, y] = [SITE.w - inset - d, SITE.d - inset];
    else [x, y] = [inset, SITE.d - inset - (d - w)];
    things.push({ depth: x + y, draw: (cc) => cc.glow(x, y, 3, 1.1, "#ffe2a8", 0.95) });
  }

  things.sort((a, b) => a.depth - b.depth).forEach((t) => t.draw(c));

  // The complex's box on screen: site corners and the tallest tower's top.
  const tall = Math.max(...placed.map((t) => t.floors)) * STOREY * FLOOR_SCALE;
  const corners = [
    c.p([0, SITE.d, 0]),
    c.p([SITE.w, 0, 0]),
    c.p([SITE.w, SITE.d, 0]),
    c.p([0, 0, tall + 10]),
  ];
  const xs = corners.map((p) => p[0]);
  const ys = corners.map((p) => p[1]);
  return {
    canvas: c,
    bounds: {
      x: Math.min(...xs),
      y: Math.min(...ys),
      w: Math.max(...xs) - Math.min(...xs),
      h: Math.max(...ys) - Math.min(...ys),
    },
  };
}

/** A dusk sky haze over the top of a crop (the view fades into the evening sky). */
function haze(view: { x: number; y: number; w: number; h: number }, until: number, id: string) {
  return (
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="#0c1733" stop-opacity=".96"/>` +
    `<stop offset="${(until * 0.55).toFixed(2)}" stop-color="#1a2a55" stop-opacity=".7"/>` +
    `<stop offset="${until.toFixed(2)}" stop-color="#c48a5c" stop-opacity="0"/>` +
    `</linearGradient></defs>` +
    `<rect x="${view.x}" y="${view.y}" width="${view.w}" height="${view.h}" fill="url(#${id})"/>`
  );
}

type Crop = {
  image: Image;
  view: (b: { x: number; y: number; w: number; h: number }) => {
    x: number;
    y: number;
    w: number;
    h: number;
  };
  haze: number;
};

const TITLE = "Raumheim Pyeongchon Central, bird's-eye view at dusk";

function complexCrops(content: Content): { image: Image; svg: string }[] {
  const { canvas, bounds: b } = drawComplex(content);
  const home = content.home;
  const cx = b.x + b.w / 2;
  const crops: Crop[] = [
    {
      // Landscape hero: the complex on the right, room for the text on the left.
      image: home.hero.wide,
      view: () => {
        const h = b.h * 1.14;
        const w = (h * home.hero.wide.width) / home.hero.wide.height;
        return { x: b.x + b.w * 1.02 - w * 0.97, y: b.y - b.h * 0.14, w, h };
      },
      haze: 0.3,
    },
    {
      // Portrait hero: the complex in the lower part, evening sky above for the title.
      image: home.hero.tall,
      view: () => {
        const w = b.w * 1.3;
        const h = (w * home.hero.tall.height) / home.hero.tall.width;
        return { x: cx - w / 2, y: b.y + b.h - h * 0.84, w, h };
      },
      haze: 0.34,
    },
    {
      // Location-environment banner: the wider neighbourhood, the river behind.
      image: home.environment.image,
      view: () => {
        const w = b.w * 2.6;
        const h = (w * home.environment.image.height) / home.environment.image.width;
        return { x: cx - w * 0.42, y: b.y + b.h * 0.08, w, h };
      },
      haze: 0.28,
    },
    {
      // Site layout: the complex close up.
      image: home.specialPlan.image,
      view: () => {
        const ratio = home.specialPlan.image.width / home.specialPlan.image.height;
        const h = Math.max(b.h * 1.08, (b.w * 1.04) / ratio);
        const w = h * ratio;
        return { x: cx - w / 2, y: b.y + b.h * 1.03 - h, w, h };
      },
      haze: 0.12,
    },
  ];
  return crops.map((crop, i) => {
    const view = crop.view(b);
    return {
      image: crop.image,
      svg: canvas
        .svg(view, crop.image, "", TITLE)
        .replace("</svg>", `${haze(view, crop.haze, `haze${i}`)}\n</svg>`),
    };
  });
}

/* ---------- PREMIUM cards ---------- */

function cardSvg(
  image: Image,
  draw: (c: IsoCanvas) => void,
  sky: [string, string],
  center: [number, number, number],
  zoom: number,
  title: string,
) {
  const c = new IsoCanvas(4);
  draw(c);
  const [sx, sy] = c.p(center);
  const w = image.width * zoom;
  const h = image.height * zoom;
  const view = { x: sx - w / 2, y: sy - h / 2, w, h };
  const bg =
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs>` +
    `<rect x="${view.x}" y="${view.y}" width="${view.w}" height="${view.h}" fill="url(#sky)"/>`;
  return c.svg(view, image, bg, title);
}

/** 01 Brand town: a district of the brand's complexes, this one lit in gold. */
function brandTown(c: IsoCanvas) {
  const rnd = random(5290);
  c.windowPattern("w", { storey: 2.5, bay: 3.4, glass: "#223056" });
  c.windowPattern("wg", { storey: 2.5, bay: 3.4, glass: "#6b5538" });
  c.rect(-400, -400, 900, 900, 0, "#16213a");
  const things: Thing[] = [];
  for (let i = -2; i <= 2; i++) {
    for (let j = -2; j <= 2; j++) {
      const bx = i * 120;
      const by = j * 90;
      const ours = i === 0 && j === 0;
      const brand = Math.abs(i) + Math.abs(j) <= 1;
      c.rect(bx, by, 104, 76, 0.1, ours ? "#2e4a3a" : brand ? "#24382f" : "#1c2740");
      if (brand) {
        c.line(
          [
            [bx - 3, by - 3, 0.2],
            [bx + 107, by - 3, 0.2],
            [bx + 107, by + 79, 0.2],
            [bx - 3, by + 79, 0.2],
            [bx - 3, by - 3, 0.2],
          ],
          "#d9bd8c",
          0.6,
          `opacity="${ours ? 0.9 : 0.45}" stroke-dasharray="${ours ? "none" : "4 4"}"`,
        );
      }
      for (let r = 0; r < 2; r++) {
        for (let k = 0; k < 3; k++) {
          const x = bx + 8 + k * 32;
          const y = by + 8 + r * 40;
          const floors = ours
            ? [48, 47, 47, 42, 27, 27][r * 3 + k]!
            : Math.round(rnd.range(brand ? 24 : 14, brand ? 38 : 24));
          const h = floors * 2.5;
          const seed = Math.floor(rnd.next() * 1e6);
          things.push({
            depth: x + y,
            draw: (cc) =>
              cc.box(x, y, 0, 24, 10, h, {
                faces: ours
                  ? { top: "#e8cf9e", south: "#b8915a", east: "#6e5434" }
                  : brand
                    ? { top: "#56668a", south: "#4a5678", east: "#27345a" }
                    : { top: "#2f3a58", south: "#2b3552", east: "#1a2440" },
                windows: { south: ours ? "wg" : "w", east: "w" },
                lit: {
                  share: ours ? 0.45 : brand ? 0.22 : 0.08,
                  color: ours ? "#fff1cf" : "#ffd694",
                  storey: 2.5,
                  bay: 3.4,
                  seed,
                },
                crown: ours ? "#fff1cf" : brand ? "#d9bd8c" : undefined,
              }),
          });
        }
      }
      for (let k = 0; k < 10; k++) {
        const x = bx + rnd.range(2, 102);
        const y = by + rnd.range(30, 36);
        things.push({
          depth: x + y,
          draw: (cc) => cc.tree(x, y, 0, 2.2, { dark: "#1f3a2c", light: "#3f6a4a" }),
        });
      }
    }
  }
  things.sort((a, b) => a.depth - b.depth).forEach((t) => t.draw(c));
}

/** 02 Wide-area transport: an interchange with a rail line crossing over it, lights streaming. */
function transport(c: IsoCanvas) {
  const rnd = random(4);
  c.rect(-400, -400, 900, 900, 0, "#dfe6ee");
  // Fields and blocks in pale tones.
  for (let i = -3; i <= 3; i++)
    for (let j = -3; j <= 3; j++)
      c.rect(i * 70 + 4, j * 70 + 4, 62, 62, 0.05, (i + j) % 2 ? "#cfe0d5" : "#e9edf2");
  // Motorway east-west and the avenue north-south, with the ramps of an interchange.
  c.rect(-400, -14, 900, 28, 0.2, "#4b5873");
  c.rect(-14, -400, 28, 900, 0.2, "#4b5873");
  for (const r of [22, 40]) {
    const pts: [number, number, number][] = [];
    for (let a = 0; a <= 24; a++) {
      const t = (a / 24) * Math.PI * 2;
      pts.push([Math.cos(t) * r * 1.3, Math.sin(t) * r, 0.3]);
    }
    c.line(pts, "#5d6a86", 6, 'stroke-linejoin="round"');
  }
  c.line(
    [
      [-400, 0, 0.4],
      [500, 0, 0.4],
    ],
    "#ffffff",
    0.5,
    'stroke-dasharray="6 8" opacity=".7"',
  );
  c.line(
    [
      [0, -400, 0.4],
      [0, 500, 0.4],
    ],
    "#ffffff",
    0.5,
    'stroke-dasharray="6 8" opacity=".7"',
  );
  // Cars.
  for (let k = 0; k < 36; k++) {
    const along = rnd.range(-220, 260);
    const lane = rnd.pick([-9, -4, 4, 9]);
    const color = rnd.pick(["#f2f4f8", "#1f5fa8", "#c4532d", "#ffd26b", "#0f1f3d"]);
    if (k % 2)
      c.box(along, lane - 1, 0.3, 4.2, 2, 1.6, {
        faces: { top: color, south: mix(color, "#000000", 0.2), east: mix(color, "#000000", 0.35) },
      });
    else
      c.box(lane - 1, along, 0.3, 2, 4.2, 1.6, {
        faces: { top: color, south: mix(color, "#000000", 0.2), east: mix(color, "#000000", 0.35) },
      });
  }
  // Elevated rail line on piers, with a train.
  const railY = 46;
  for (let x = -260; x <= 300; x += 26)
    c.box(x, railY - 1.5, 0, 3, 3, 12, {
      faces: { top: "#c8ced9", south: "#aab3c2", east: "#8b95a8" },
    });
  c.box(-400, railY - 4, 12, 900, 8, 2, {
    faces: { top: "#eef1f5", south: "#c3cad6", east: "#a3acbb" },
  });
  for (let k = 0; k < 6; k++) {
    const x = -70 + k * 20.5;
    c.box(x, railY - 3, 14, 20, 6, 4.6, {
      faces: { top: "#f6f7f9", south: "#e9edf2", east: "#c6ced9" },
      stroke: "#9aa6b8",
    });
    c.line(
      [
        [x + 0.5, railY + 3.01, 16.8],
        [x + 19.5, railY + 3.01, 16.8],
      ],
      "#1aa0d8",
      1.2,
    );
    c.line(
      [
        [x + 2, railY + 3.02, 18.2],
        [x + 18, railY + 3.02, 18.2],
      ],
      "#23314f",
      1.4,
      'stroke-dasharray="3 1.2"',
    );
  }
  // Station roof.
  c.box(80, railY - 10, 20, 56, 20, 2, {
    faces: { top: "#0f1f3d", south: "#1b2f57", east: "#0a1630" },
    crown: "#d9bd8c",
  });
  // Trees along the roads.
  const things: Thing[] = [];
  for (let k = 0; k < 60; k++) {
    const x = rnd.range(-200, 240);
    const y = rnd.pick([-22, 22, 70, -60]) + rnd.range(-3, 3);
    things.push({
      depth: x + y,
      draw: (cc) => cc.tree(x, y, 0, 2.4, { dark: "#3f7a55", light: "#79b07f" }),
    });
  }
  things.sort((a, b) => a.depth - b.depth).forEach((t) => t.draw(c));
}

/** 03 Education and living: a school with its sports field, a library, and a shopping street. */
function education(c: IsoCanvas) {
  const rnd = random(3);
  c.windowPattern("sw", { storey: 3.6, bay: 4, glass: "#9cc3dd" });
  c.windowPattern("mw", { storey: 4.2, bay: 5, glass: "#f6e2b8" });
  c.rect(-400, -400, 900, 900, 0, "#e9e4d8");
  c.rect(-60, -70, 150, 110, 0.1, "#d6cfbe");
  // Sports field with a running track.
  c.ellipse(-8, -32, 34, 20, 0.2, "#c4532d");
  c.ellipse(-8, -32, 28, 15, 0.3, "#7fb36a");
  c.line(
    [
      [-30, -32, 0.4],
      [14, -32, 0.4],
    ],
    "#ffffff",
    0.4,
    'opacity=".8"',
  );
  // School: an L of three-storey wings with a clock tower.
  const school: Faces = { top: "#f4efe4", south: "#e6d8c0", east: "#c9b89a" };
  c.box(-54, 0, 0, 70, 14, 11, {
    faces: school,
    windows: { south: "sw", east: "sw" },
    stroke: "#b9a888",
  });
  c.box(22, -60, 0, 16, 74, 11, {
    faces: school,
    windows: { south: "sw", east: "sw" },
    stroke: "#b9a888",
  });
  c.box(24, 0, 0, 12, 12, 19, {
    faces: { top: "#8b6a36", south: "#e6d8c0", east: "#c9b89a" },
    stroke: "#b9a888",
  });
  const [cx, cy] = c.p([30, 12.01, 15]);
  c.add(
    `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="9" fill="#fff" stroke="#0f1f3d" stroke-width="2"/><path d="M${cx.toFixed(1)} ${(cy - 6).toFixed(1)}V${cy.toFixed(1)}L${(cx + 4).toFixed(1)} ${(cy + 2).toFixed(1)}" stroke="#0f1f3d" stroke-width="2" fill="none"/>`,
  );
  // Road and a shopping street with awnings.
  c.rect(-400, 50, 900, 18, 0.1, "#8d93a3");
  c.line(
    [
      [-400, 59, 0.2],
      [500, 59, 0.2],
    ],
    "#ffffff",
    0.4,
    'stroke-dasharray="5 6"',
  );
  const shops = ["#1f5fa8", "#c4532d", "#8b6a36", "#2f8f6a", "#0f1f3d"];
  for (let k = 0; k < 5; k++) {
    const x = -70 + k * 30;
    c.box(x, 78, 0, 26, 18, 9 + (k % 2) * 4, {
      faces: { top: "#f7f4ee", south: "#efe8da", east: "#d2c6ae" },
      windows: { south: "mw", east: "mw" },
      stroke: "#c8bca4",
    });
    c.box(x + 1, 96, 4.2, 24, 2.5, 1, {
      faces: {
        top: shops[k]!,
        south: mix(shops[k]!, "#000000", 0.15),
        east: mix(shops[k]!, "#000000", 0.3),
      },
    });
  }
  // Department store.
  c.box(90, 70, 0, 46, 34, 24, {
    faces: { top: "#0f1f3d", south: "#1b2f57", east: "#0a1630" },
    windows: { south: "mw" },
    crown: "#d9bd8c",
  });
  // Books: a library block.
  c.box(60, -40, 0, 30, 22, 9, {
    faces: { top: "#f4efe4", south: "#d9bd8c", east: "#b09060" },
    windows: { south: "sw" },
  });
  const things: Thing[] = [];
  for (let k = 0; k < 50; k++) {
    const x = rnd.range(-120, 160);
    const y = rnd.pick([-78, 46, 112, -10]) + rnd.range(-3, 3);
    if (y === -10 && x > -60 && x < 40) continue;
    things.push({
      depth: x + y,
      draw: (cc) => cc.tree(x, y, 0, 2.6, { dark: "#4f8a5c", light: "#8cc28d" }),
    });
  }
  things.sort((a, b) => a.depth - b.depth).forEach((t) => t.draw(c));
}

/** 04 Residential environment: the stream and the park, a trail and a footbridge, towers beyond. */
function environment(c: IsoCanvas) {
  const rnd = random(7);
  c.windowPattern("tw", { storey: 2.6, bay: 3.6, glass: "#9bb3cc" });
  c.rect(-400, -400, 900, 900, 0, "#cfe3c2");
  // The stream, winding from north-west to south-east.
  const stream: [number, number][] = [];
  const bank: [number, number][] = [];
  for (let k = -10; k <= 12; k++) {
    const t = k * 22;
    const wobble = Math.sin(k * 0.7) * 14;
    stream.push([t + wobble, -t * 0.15 + 10 + wobble]);
    bank.push([t + wobble, -t * 0.15 + 10 + wobble]);
  }
  const ribbon = (width: number): [number, number][] => [
    ...stream.map(([x, y]) => [x, y - width] as [number, number]),
    ...[...stream].reverse().map(([x, y]) => [x, y + width] as [number, number]),
  ];
  c.blob(ribbon(24), 0.1, "#b8d6a4");
  c.blob(ribbon(10), 0.2, "#7fb6d6");
  c.blob(ribbon(4), 0.25, "#a8d3ea");
  // Trail along the north bank.
  c.line(
    stream.map(([x, y]) => [x, y - 18, 0.3]),
    "#f1e6cf",
    2.4,
    'stroke-linecap="round" stroke-linejoin="round"',
  );
  // Footbridge.
  c.box(20, 2, 1.5, 6, 18, 0.8, { faces: { top: "#c9a46a", south: "#a5814b", east: "#8b6a36" } });
  c.line(
    [
      [20, 2, 2.3],
      [20, 20, 2.3],
    ],
    "#8b6a36",
    0.5,
  );
  c.line(
    [
      [26, 2, 2.3],
      [26, 20, 2.3],
    ],
    "#8b6a36",
    0.5,
  );
  // Benches and a pavilion.
  c.box(-70, -40, 0, 10, 10, 5, { faces: { top: "#8b6a36", south: "#efe6d2", east: "#d8ccb2" } });
  // Towers beyond the park.
  const things: Thing[] = [];
  for (let k = 0; k < 4; k++) {
    const x = -150 + k * 44;
    const y = -170;
    const h = 70 + k * 10;
    things.push({
      depth: x + y,
      draw: (cc) =>
        cc.box(x, y, 0, 26, 10, h, {
          faces: { top: "#eef2f6", south: "#dfe6ee", east: "#b8c4d4" },
          windows: { south: "tw", east: "tw" },
          crown: "#d9bd8c",
        }),
    });
  }
  for (let k = 0; k < 520; k++) {
    const x = rnd.range(-220, 260);
    const y = rnd.range(-160, 200);
    const near = stream.some(([sx, sy]) => Math.hypot(sx - x, sy - y) < 27);
    if (near) continue;
    const size = rnd.range(2.6, 4.6);
    things.push({
      depth: x + y,
      draw: (cc) =>
        cc.tree(
          x,
          y,
          0,
          size,
          rnd.next() < 0.25
            ? { dark: "#6a9a4a", light: "#b3d37f" }
            : { dark: "#3f7a55", light: "#79b07f" },
        ),
    });
  }
  things.sort((a, b) => a.depth - b.depth).forEach((t) => t.draw(c));
}

function premiumCards(content: Content): { image: Image; svg: string }[] {
  const cards = content.premiumCards;
  const scenes: [typeof brandTown, [string, string], [number, number, number], number][] = [
    [brandTown, ["#0c1733", "#1b2f57"], [52, 38, 40], 1.35],
    [transport, ["#dbe7f3", "#f3f6fa"], [10, 20, 8], 0.95],
    [education, ["#f4ecdc", "#efe8da"], [34, 20, 8], 0.85],
    [environment, ["#e3efd8", "#cfe3c2"], [-30, -40, 20], 0.8],
  ];
  return cards.map((card, i) => {
    const [draw, sky, center, zoom] = scenes[i % scenes.length]!;
    return {
      image: card.image,
      svg: cardSvg(card.image, draw, sky, center, zoom, `PREMIUM ${i + 1}`),
    };
  });
}

/**
 * The home page's views of the complex and the PREMIUM cards, each at the slot the data names
 * (`photo/home-hero-wide.svg`); a slot the complex fills with its own picture is not drawn.
 */
export function homeArtwork(content: Content): ArtworkFile[] {
  const drawn = new Map<string, string>();
  for (const { image, svg } of [...complexCrops(content), ...premiumCards(content)]) {
    if (image.src.startsWith("sites/")) continue;
    const path = slotOf(image.src);
    if (!drawn.has(path)) drawn.set(path, svg);
  }
  return [...drawn].map(([path, svg]) => ({ path, svg }));
}

/**
 * 360° panoramas of the sample unit types, drawn from their floor-plan layouts
 * (floor-plan-layouts.ts): the living room and the main bedroom of each type, each an
 * equirectangular picture (2:1) seen from the middle of the room at eye height, ray-traced per
 * pixel in plain TypeScript (a box of walls, floor and ceiling; windows, sliding doors, doors and
 * open passages cut in where the plan has them), then made into JPEGs by sharp. Deterministic: the
 * same layout gives the same bytes. `npm run images` writes them into `.artwork/<id>/pano/`
 * (`<unit>-<room>-<width>.jpg`, served at /img/art/<id>/pano/…); panoramaTour gives the tour the
 * content names them with (vr.tabs[].tour in sites/<id>/site.yaml).
 *
 * A complex whose unit keys have no layout (its plans are its own drawings) gets the layout with
 * the same bedrooms and bathrooms.
 */
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { panoramaWidths } from "../../app/lib/media-files";
import type { Content, Tour, UnitType } from "../../app/content/schema";
import { LAYOUTS } from "./floor-plan-layouts";
import { layoutSummary, type Layout, type Room } from "./floor-plans";

/** Width of the drawn panoramas: a phone's texture, and the preview (panoramaWidths(2048)). */
export const PANORAMA_WIDTH = 2048;
const W = PANORAMA_WIDTH;
const H = W / 2;
const EYE = 1.5;
const CEILING = 2.4;
/** How far (m) a window or door may be from a room's bounding wall and still be drawn in it. */
const NEAR = 0.35;

type Rgb = [number, number, number];
const WALL: Rgb = [236, 230, 220];
const FLOOR: Rgb = [176, 138, 94];
const CEIL: Rgb = [246, 244, 239];
const DOOR: Rgb = [150, 112, 78];
const FRAME: Rgb = [250, 250, 250];
const BASE: Rgb = [120, 102, 84];
const PASSAGE: Rgb = [205, 196, 182];

export function layoutOf(unit: Pick<UnitType, "key" | "rooms" | "bathrooms">): Layout {
  const own = LAYOUTS[unit.key];
  if (own) return own;
  const same = Object.values(LAYOUTS).find((l) => {
    const s = layoutSummary(l);
    return s.rooms === unit.rooms && s.bathrooms === unit.bathrooms;
  });
  if (!same) throw new Error(`파노라마를 그릴 평면이 없습니다: ${unit.key}`);
  return same;
}

/** The rooms a tour shows: the living room and the main bedroom. */
function tourRooms(layout: Layout): { key: string; room: Room }[] {
  const living = layout.plan.find((r) => r.name === "거실");
  const bed =
    layout.plan.find((r) => r.name.startsWith("안방")) ??
    layout.plan.find((r) => r.name === "침실1");
  if (!living || !bed) throw new Error("거실과 안방(침실1)이 있는 평면만 그립니다");
  return [
    { key: "living", room: living },
    { key: "bedroom", room: bed },
  ];
}

const bounds = (room: Room) => {
  const [x, y, w, h] = room.rects[0]!;
  return { x0: x, y0: y, x1: x + w, y1: y + h, cx: x + w / 2, cy: y + h / 2 };
};

/** Yaw (°) from one point to another on the plan: 0 is north (−y), + turns right (east). */
const yawTo = (from: { cx: number; cy: number }, to: { cx: number; cy: number }) =>
  Math.round((Math.atan2(to.cx - from.cx, -(to.cy - from.cy)) * 180) / Math.PI);

/** What is cut into a wall: [from, to] along it, and how tall it is. */
type Cut = { a: number; b: number; kind: "window" | "glass" | "door" | "passage" };

function cutsOn(layout: Layout, o: "h" | "v", line: number): Cut[] {
  const on = (p: { x: number; y: number; o: string; w: number }) => {
    if (p.o !== o) return null;
    const at = o === "h" ? p.y : p.x;
    if (Math.abs(at - line) > NEAR) return null;
    const a = o === "h" ? p.x : p.y;
    return { a, b: a + p.w };
  };
  const cuts: Cut[] = [];
  for (const w of layout.windows) {
    const c = on(w);
    if (c) cuts.push({ ...c, kind: w.glass === 2 ? "glass" : "window" });
  }
  for (const s of layout.slides) {
    const c = on(s);
    if (c) cuts.push({ ...c, kind: "glass" });
  }
  for (const d of layout.doors) {
    const c = on(d);
    if (c) cuts.push({ ...c, kind: "door" });
  }
  for (const p of layout.openings) {
    const c = on(p);
    if (c) cuts.push({ ...c, kind: "passage" });
  }
  return cuts;
}

/** The colour of a point on a wall at `along` metres and `z` high. */
function wallColour(cuts: Cut[], along: number, z: number, light: number): Rgb {
  for (const c of cuts) {
    if (along < c.a || along > c.b) continue;
    const edge = Math.min(along - c.a, c.b - along);
    if (c.kind === "passage" && z < 2.1) return shade(PASSAGE, light * (0.8 + z * 0.05));
    if (c.kind === "door" && z < 2.1) {
      if (edge < 0.04 || z > 2.06) return shade(FRAME, light);
      return shade(DOOR, light * (0.9 + 0.1 * Math.sin(along * 40)));
    }
    const bottom = c.kind === "glass" ? 0.05 : 0.9;
    if ((c.kind === "window" || c.kind === "glass") && z > bottom && z < 2.15) {
      if (edge < 0.05 || z < bottom + 0.05 || z > 2.1) return shade(FRAME, light);
      // The sky outside, paler near the horizon, and a band of distant buildings.
      const t = (z - bottom) / (2.15 - bottom);
      if (t < 0.28 && (Math.floor(along * 3) % 3 !== 0 || t < 0.16)) return [150, 160, 172];
      return [Math.round(170 - 70 * t), Math.round(205 - 40 * t), Math.round(235 - 10 * t)];
    }
  }
  if (z < 0.08) return shade(BASE, light);
  return shade(WALL, light);
}

const shade = (c: Rgb, k: number): Rgb => [
  Math.min(255, Math.round(c[0] * k)),
  Math.min(255, Math.round(c[1] * k)),
  Math.min(255, Math.round(c[2] * k)),
];

/** The room seen from its middle, as raw RGB pixels (W×H). */
export function renderRoom(layout: Layout, room: Room): Buffer {
  const { x0, y0, x1, y1, cx, cy } = bounds(room);
  const north = cutsOn(layout, "h", y0);
  const south = cutsOn(layout, "h", y1);
  const west = cutsOn(layout, "v", x0);
  const east = cutsOn(layout, "v", x1);
  const out = Buffer.alloc(W * H * 3);
  const sinYaw = new Float64Array(W);
  const cosYaw = new Float64Array(W);
  for (let u = 0; u < W; u++) {
    const yaw = ((u + 0.5) / W) * 2 * Math.PI - Math.PI;
    sinYaw[u] = Math.sin(yaw);
    cosYaw[u] = Math.cos(yaw);
  }
  for (let v = 0; v < H; v++) {
    const pitch = Math.PI / 2 - ((v + 0.5) / H) * Math.PI;
    const dz = Math.sin(pitch);
    const r = Math.cos(pitch);
    const tz = dz > 0 ? (CEILING - EYE) / dz : dz < 0 ? -EYE / dz : Infinity;
    for (let u = 0; u < W; u++) {
      const dx = r * sinYaw[u]!;
      const dy = -r * cosYaw[u]!;
      const tx = dx > 0 ? (x1 - cx) / dx : dx < 0 ? (x0 - cx) / dx : Infinity;
      const ty = dy > 0 ? (y1 - cy) / dy : dy < 0 ? (y0 - cy) / dy : Infinity;
      const t = Math.min(tx, ty, tz);
      const px = cx + dx * t;
      const py = cy + dy * t;
      const pz = EYE + dz * t;
      // Light falls off a little with distance; walls facing east or west are a shade darker.
      const fall = 1.06 - Math.min(0.2, t * 0.04);
      let c: Rgb;
      if (t === tz && dz < 0) {
        const wallGap = Math.min(px - x0, x1 - px, py - y0, y1 - py);
        const plank = Math.floor(py / 0.18) % 2 === 0 ? 1 : 0.94;
        c = shade(FLOOR, plank * fall * (0.8 + Math.min(0.2, wallGap)));
      } else if (t === tz) {
        const lamp = Math.hypot(px - cx, py - cy) < 0.25;
        c = lamp ? [255, 252, 240] : shade(CEIL, fall);
      } else if (t === tx) {
        c = wallColour(dx > 0 ? east : west, py, pz, fall * 0.93);
      } else {
        c = wallColour(dy > 0 ? south : north, px, pz, fall);
      }
      const i = (v * W + u) * 3;
      out[i] = c[0];
      out[i + 1] = c[1];
      out[i + 2] = c[2];
    }
  }
  return out;
}

/** The particle "to" after a room's name: 로 after a vowel or ㄹ (거실로, 침실1로), else 으로 (안방으로). */
function towards(name: string): string {
  const last = name.at(-1) ?? "";
  if (/[0-9]/.test(last)) return "036".includes(last) ? "으로" : "로";
  const code = last.charCodeAt(0) - 0xac00;
  if (code < 0 || code > 11171) return "로";
  const final = code % 28;
  return final === 0 || final === 8 ? "로" : "으로";
}

/** Where a unit type's panorama of a room lives (without its width: panoramaUrl adds it). */
const srcOf = (siteId: string, unit: UnitType, room: string) =>
  `art/${siteId}/pano/${unit.key.toLowerCase()}-${room}.jpg`;

/** The tour the content names for a unit type: its rooms, each with a hotspot to the other. */
export function panoramaTour(siteId: string, unit: UnitType): Tour {
  const rooms = tourRooms(layoutOf(unit));
  return {
    rooms: rooms.map(({ key, room }) => {
      const here = bounds(room);
      const others = rooms.filter((r) => r.key !== key);
      return {
        key,
        title: room.name,
        panorama: { src: srcOf(siteId, unit, key), width: W, height: H },
        yaw: others[0] ? yawTo(here, bounds(others[0].room)) : 0,
        hotspots: others.map((o) => ({
          target: o.key,
          label: `${o.room.name}${towards(o.room.name)} 이동`,
          yaw: yawTo(here, bounds(o.room)),
          pitch: -8,
        })),
      };
    }),
  };
}

/**
 * The panoramas a complex's content names from this generator (its tours' rooms whose `src` is
 * srcOf), as paths under `.artwork/<id>/` and JPEG bytes: a complex with its own tours costs nothing.
 */
export async function drawPanoramas(
  content: Pick<Content, "unitTypes" | "vr"> & { id: string },
): Promise<{ path: string; bytes: Buffer }[]> {
  const files: { path: string; bytes: Buffer }[] = [];
  for (const tab of content.vr.tabs) {
    const unit = content.unitTypes.find((u) => u.key === tab.key);
    if (!unit || !tab.tour) continue;
    const layout = layoutOf(unit);
    for (const { key, room } of tourRooms(layout)) {
      const src = srcOf(content.id, unit, key);
      if (!tab.tour.rooms.some((r) => r.panorama.src === src)) continue;
      const raw = sharp(renderRoom(layout, room), { raw: { width: W, height: H, channels: 3 } });
      const base = src.slice(`art/${content.id}/`.length, -".jpg".length);
      for (const width of panoramaWidths(W)) {
        const bytes = await raw
          .clone()
          .resize({ width, height: width / 2 })
          .jpeg({ quality: 80, progressive: true, mozjpeg: true })
          .toBuffer();
        files.push({ path: `${base}-${width}.jpg`, bytes });
      }
    }
  }
  return files;
}

// `tsx scripts/artwork/panorama.ts <id>`: the tours of a complex's unit types, as YAML for its
// vr.tabs[].tour (sites/<id>/site.yaml).
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { siteById } = await import("../../app/sites/registry.server");
  const { stringify } = await import("yaml");
  const content = siteById(process.argv[2] ?? "");
  if (!content) throw new Error(`없는 단지입니다: ${process.argv[2]}`);
  for (const unit of content.unitTypes)
    console.log(`# ${unit.key}\n${stringify({ tour: panoramaTour(content.id, unit) })}`);
}

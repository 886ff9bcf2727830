/**
 * Draws the unit floor plans assets/images/floorplans/*.svg (960x720) from the layouts in
 * floor-plan-layouts.ts and the unit facts in content.unitTypes. Every plan uses the same scale,
 * so bigger types look bigger. Walls come from the rooms themselves: each room is drawn as a wall
 * block, then its floor inset by half an interior wall; doors, openings and windows are cut in after.
 */
import type { Content, UnitType } from "../../app/content/schema";
import { areaText, figure, householdsText, PENDING } from "../../app/lib/figures";
import { LAYOUTS } from "./floor-plan-layouts";
import type { ArtworkFile } from "./svg";

export type Kind = "living" | "bed" | "wet" | "entry" | "dress" | "balcony" | "service";
export type Rect = [number, number, number, number];
export type Room = {
  name: string;
  kind: Kind;
  rects: Rect[];
  label?: [number, number];
  /** name shown smaller */
  small?: boolean;
  noArea?: boolean;
  /** inset per side [top,right,bottom,left] (default 0.06) */
  inset?: [number, number, number, number];
  /** outward wall thickness (default 0.18; balconies 0.08) */
  wall?: number;
};
export type Orient = "h" | "v";
/** A hinged door in a wall: opening from (x, y) along the wall for w metres; swing is the side it opens to. */
export type Door = {
  x: number;
  y: number;
  o: Orient;
  w: number;
  hinge: "a" | "b";
  swing: 1 | -1;
  span?: [number, number];
  fill?: Kind;
  double?: boolean;
};
/** A wall left out between two spaces (step: the dashed line of the entrance step). */
export type Opening = {
  x: number;
  y: number;
  o: Orient;
  w: number;
  span?: [number, number];
  fill: Kind;
  step?: boolean;
};
export type Win = {
  x: number;
  y: number;
  o: Orient;
  w: number;
  span: [number, number];
  glass?: 1 | 2;
};
export type Slide = {
  x: number;
  y: number;
  o: Orient;
  w: number;
  span?: [number, number];
  fill?: Kind;
};
export type Item =
  | { t: "bed"; x: number; y: number; w: number; h: number; head: "n" | "s" | "e" | "w" }
  | { t: "sofa"; x: number; y: number; w: number; h: number; back: "n" | "s" | "e" | "w" }
  | { t: "table"; x: number; y: number; w: number; h: number; chairs?: number }
  | { t: "coffee"; x: number; y: number; w: number; h: number }
  | {
      t: "counter";
      x: number;
      y: number;
      w: number;
      h: number;
      sink?: [number, number];
      cook?: [number, number];
    }
  | { t: "fridge"; x: number; y: number; w: number; h: number }
  | { t: "toilet"; x: number; y: number; face: "n" | "s" | "e" | "w" }
  | { t: "basin"; x: number; y: number; w: number; h: number }
  | { t: "tub"; x: number; y: number; w: number; h: number }
  | { t: "shower"; x: number; y: number; w: number; h: number }
  | { t: "closet"; x: number; y: number; w: number; h: number }
  | { t: "shoes"; x: number; y: number; w: number; h: number }
  | { t: "desk"; x: number; y: number; w: number; h: number; chair: "n" | "s" | "e" | "w" }
  | { t: "tv"; x: number; y: number; w: number; h: number }
  | { t: "washer"; x: number; y: number; s: number }
  | { t: "plant"; x: number; y: number; r: number }
  | { t: "ac"; x: number; y: number; w: number; h: number }
  | { t: "island"; x: number; y: number; w: number; h: number };

export type Layout = {
  plan: Room[];
  doors: Door[];
  openings: Opening[];
  windows: Win[];
  slides: Slide[];
  items: Item[];
  /** x positions (m) of bay breaks for the bottom dimension line */
  bays: number[];
  /** y positions (m) of breaks for the left dimension line */
  rows: number[];
  entry: { x: number; y: number; dir: "n" | "s" | "e" | "w" };
};

export const S = 43; // px per metre
const FONT = "Pretendard Variable, Noto Sans KR, sans-serif";
const WALL = "#262b33";
const FILL: Record<Kind, string> = {
  living: "#f2e8d8",
  bed: "#f7f1e7",
  wet: "#e3edf2",
  entry: "#e6e2da",
  dress: "#efe8dc",
  balcony: "#eceee8",
  service: "#eceee8",
};
const FUR = "#98a0aa";

const r2 = (n: number) => Math.round(n * 100) / 100;
const area = (room: Room) => room.rects.reduce((s, [, , w, h]) => s + w * h, 0);

/** The drawing of one unit type as SVG text. */
export function drawFloorPlan(unit: UnitType, p: Layout = layoutFor(unit)): string {
  // bbox in metres
  const all = p.plan.flatMap((r) => r.rects);
  const minX = Math.min(...all.map((r) => r[0]));
  const minY = Math.min(...all.map((r) => r[1]));
  const maxX = Math.max(...all.map((r) => r[0] + r[2]));
  const maxY = Math.max(...all.map((r) => r[1] + r[3]));
  const wPx = (maxX - minX) * S;
  const hPx = (maxY - minY) * S;
  // centre of plan area (leave room for dimensions)
  const cx = 480 + 14;
  const cy = 382;
  const ox = cx - wPx / 2 - minX * S;
  const oy = cy - hPx / 2 - minY * S;
  const X = (m: number) => r2(ox + m * S);
  const Y = (m: number) => r2(oy + m * S);
  const L = (m: number) => r2(m * S);
  const out: string[] = [];
  const push = (s: string) => out.push(s);

  // 1. walls
  push(`<g fill="${WALL}">`);
  for (const room of p.plan) {
    const e = room.wall ?? (room.kind === "balcony" || room.kind === "service" ? 0.08 : 0.18);
    for (const [x, y, w, h] of room.rects)
      push(
        `<rect x="${X(x - e)}" y="${Y(y - e)}" width="${L(w + 2 * e)}" height="${L(h + 2 * e)}"/>`,
      );
  }
  push(`</g>`);
  // 2. floors
  push(`<g>`);
  for (const room of p.plan) {
    const [t, rr, b, l] = room.inset ?? [0.06, 0.06, 0.06, 0.06];
    for (const [x, y, w, h] of room.rects) {
      push(
        `<rect x="${X(x + l)}" y="${Y(y + t)}" width="${L(w - l - rr)}" height="${L(h - t - b)}" fill="${FILL[room.kind]}"/>`,
      );
    }
  }
  // tile pattern hint for wet rooms
  push(`</g>`);
  // 3. openings
  for (const o of p.openings) {
    const [a, b] = o.span ?? [-0.07, 0.07];
    if (o.o === "h")
      push(
        `<rect x="${X(o.x)}" y="${Y(o.y + a)}" width="${L(o.w)}" height="${L(b - a)}" fill="${FILL[o.fill]}"/>`,
      );
    else
      push(
        `<rect x="${X(o.x + a)}" y="${Y(o.y)}" width="${L(b - a)}" height="${L(o.w)}" fill="${FILL[o.fill]}"/>`,
      );
    if (o.step) {
      if (o.o === "h")
        push(
          `<line x1="${X(o.x)}" y1="${Y(o.y)}" x2="${X(o.x + o.w)}" y2="${Y(o.y)}" stroke="#8d8a83" stroke-width="1" stroke-dasharray="4 3"/>`,
        );
      else
        push(
          `<line x1="${X(o.x)}" y1="${Y(o.y)}" x2="${X(o.x)}" y2="${Y(o.y + o.w)}" stroke="#8d8a83" stroke-width="1" stroke-dasharray="4 3"/>`,
        );
    }
  }
  // 4. windows
  for (const w of p.windows) {
    const [a, b] = w.span;
    const glass = w.glass ?? 1;
    if (w.o === "h") {
      push(
        `<rect x="${X(w.x)}" y="${Y(w.y + a)}" width="${L(w.w)}" height="${L(b - a)}" fill="#fff" stroke="${WALL}" stroke-width="1"/>`,
      );
      const mid = w.y + (a + b) / 2;
      if (glass === 1)
        push(
          `<line x1="${X(w.x)}" y1="${Y(mid)}" x2="${X(w.x + w.w)}" y2="${Y(mid)}" stroke="#5d84a6" stroke-width="1.6"/>`,
        );
      else {
        const d = (b - a) / 5;
        push(
          `<line x1="${X(w.x)}" y1="${Y(mid - d)}" x2="${X(w.x + w.w * 0.55)}" y2="${Y(mid - d)}" stroke="#5d84a6" stroke-width="1.6"/>`,
        );
        push(
          `<line x1="${X(w.x + w.w * 0.45)}" y1="${Y(mid + d)}" x2="${X(w.x + w.w)}" y2="${Y(mid + d)}" stroke="#5d84a6" stroke-width="1.6"/>`,
        );
      }
    } else {
      push(
        `<rect x="${X(w.x + a)}" y="${Y(w.y)}" width="${L(b - a)}" height="${L(w.w)}" fill="#fff" stroke="${WALL}" stroke-width="1"/>`,
      );
      const mid = w.x + (a + b) / 2;
      if (glass === 1)
        push(
          `<line x1="${X(mid)}" y1="${Y(w.y)}" x2="${X(mid)}" y2="${Y(w.y + w.w)}" stroke="#5d84a6" stroke-width="1.6"/>`,
        );
      else {
        const d = (b - a) / 5;
        push(
          `<line x1="${X(mid - d)}" y1="${Y(w.y)}" x2="${X(mid - d)}" y2="${Y(w.y + w.w * 0.55)}" stroke="#5d84a6" stroke-width="1.6"/>`,
        );
        push(
          `<line x1="${X(mid + d)}" y1="${Y(w.y + w.w * 0.45)}" x2="${X(mid + d)}" y2="${Y(w.y + w.w)}" stroke="#5d84a6" stroke-width="1.6"/>`,
        );
      }
    }
  }
  // 5. sliding doors
  for (const s of p.slides) {
    const [a, b] = s.span ?? [-0.07, 0.07];
    const fill = s.fill ? FILL[s.fill] : "#fbfaf7";
    if (s.o === "h") {
      push(
        `<rect x="${X(s.x)}" y="${Y(s.y + a)}" width="${L(s.w)}" height="${L(b - a)}" fill="${fill}"/>`,
      );
      push(
        `<rect x="${X(s.x)}" y="${Y(s.y - 0.045)}" width="${L(s.w * 0.55)}" height="${L(0.04)}" fill="#fff" stroke="${WALL}" stroke-width="1"/>`,
      );
      push(
        `<rect x="${X(s.x + s.w * 0.45)}" y="${Y(s.y + 0.005)}" width="${L(s.w * 0.55)}" height="${L(0.04)}" fill="#fff" stroke="${WALL}" stroke-width="1"/>`,
      );
    } else {
      push(
        `<rect x="${X(s.x + a)}" y="${Y(s.y)}" width="${L(b - a)}" height="${L(s.w)}" fill="${fill}"/>`,
      );
      push(
        `<rect x="${X(s.x - 0.045)}" y="${Y(s.y)}" width="${L(0.04)}" height="${L(s.w * 0.55)}" fill="#fff" stroke="${WALL}" stroke-width="1"/>`,
      );
      push(
        `<rect x="${X(s.x + 0.005)}" y="${Y(s.y + s.w * 0.45)}" width="${L(0.04)}" height="${L(s.w * 0.55)}" fill="#fff" stroke="${WALL}" stroke-width="1"/>`,
      );
    }
  }
  // 6. doors
  for (const d of p.doors) {
    const [a, b] = d.span ?? [-0.07, 0.07];
    const fill = d.fill ? FILL[d.fill] : "#fbfaf7";
    const leaves: { hx: number; hy: number; w: number; hinge: "a" | "b" }[] = d.double
      ? [
          { hx: d.x, hy: d.y, w: d.w / 2, hinge: "a" },
          {
            hx: d.x + (d.o === "h" ? d.w : 0),
            hy: d.y + (d.o === "v" ? d.w : 0),
            w: d.w / 2,
            hinge: "b",
          },
        ]
      : [
          {
            hx: d.hinge === "a" ? d.x : d.o === "h" ? d.x + d.w : d.x,
            hy: d.hinge === "a" ? d.y : d.o === "v" ? d.y + d.w : d.y,
            w: d.w,
            hinge: d.hinge,
          },
        ];
    if (d.o === "h")
      push(
        `<rect x="${X(d.x)}" y="${Y(d.y + a)}" width="${L(d.w)}" height="${L(b - a)}" fill="${fill}"/>`,
      );
    else
      push(
        `<rect x="${X(d.x + a)}" y="${Y(d.y)}" width="${L(b - a)}" height="${L(d.w)}" fill="${fill}"/>`,
      );
    for (const leaf of leaves) {
      const face = d.swing > 0 ? b : a; // leaf stands on the face of the wall it opens towards
      let hx: number, hy: number, ex: number, ey: number, jx: number, jy: number;
      if (d.o === "h") {
        hx = leaf.hx;
        hy = d.y + face;
        ex = hx;
        ey = hy + d.swing * leaf.w;
        jx = leaf.hinge === "a" ? hx + leaf.w : hx - leaf.w;
        jy = hy;
      } else {
        hx = d.x + face;
        hy = leaf.hy;
        ex = hx + d.swing * leaf.w;
        ey = hy;
        jx = hx;
        jy = leaf.hinge === "a" ? hy + leaf.w : hy - leaf.w;
      }
      const a1 = Math.atan2(ey - hy, ex - hx);
      const a2 = Math.atan2(jy - hy, jx - hx);
      let delta = a2 - a1;
      while (delta > Math.PI) delta -= 2 * Math.PI;
      while (delta <= -Math.PI) delta += 2 * Math.PI;
      const sweep = delta > 0 ? 1 : 0;
      push(
        `<path d="M${X(ex)} ${Y(ey)} A${L(leaf.w)} ${L(leaf.w)} 0 0 ${sweep} ${X(jx)} ${Y(jy)}" fill="none" stroke="#8a919b" stroke-width="0.9" stroke-dasharray="3 2"/>`,
      );
      push(
        `<line x1="${X(hx)}" y1="${Y(hy)}" x2="${X(ex)}" y2="${Y(ey)}" stroke="${WALL}" stroke-width="2.2" stroke-linecap="round"/>`,
      );
    }
  }
  // 7. furniture
  push(`<g fill="#fff" stroke="${FUR}" stroke-width="1.1" stroke-linejoin="round">`);
  for (const it of p.items) push(item(it, X, Y, L));
  push(`</g>`);
  // 8. labels
  push(
    `<g font-family="${FONT}" text-anchor="middle" paint-order="stroke" stroke-linejoin="round">`,
  );
  for (const room of p.plan) {
    const [x0, y0, w0, h0] = room.rects[0]!;
    const [lx, ly] = room.label ?? [x0 + w0 / 2, y0 + h0 / 2];
    const small = room.small;
    const fs = small ? 12.5 : 15;
    const a = area(room);
    const showArea = !room.noArea;
    const dy = showArea ? -3 : 5;
    push(
      `<text x="${X(lx)}" y="${r2(Y(ly) + dy)}" font-size="${fs}" font-weight="700" fill="#1b2330" stroke="${FILL[room.kind]}" stroke-width="4">${room.name}</text>`,
    );
    if (showArea)
      push(
        `<text x="${X(lx)}" y="${r2(Y(ly) + dy + (small ? 14 : 16))}" font-size="${small ? 11 : 12}" fill="#4f5663" stroke="${FILL[room.kind]}" stroke-width="4">${a.toFixed(1)}㎡</text>`,
      );
  }
  push(`</g>`);
  // entrance marker
  {
    const { x, y, dir } = p.entry;
    const px = X(x),
      py = Y(y);
    const rot = { n: 180, s: 0, e: -90, w: 90 }[dir];
    push(
      `<g transform="translate(${px} ${py}) rotate(${rot})"><path d="M-7 -12 L7 -12 L0 -2 Z" fill="#a9834a"/></g>`,
    );
    const tx = dir === "e" ? px - 24 : dir === "w" ? px + 24 : px - 22;
    const ty = dir === "s" ? py - 3 : dir === "n" ? py + 10 : py + 4;
    push(
      `<text x="${tx}" y="${ty}" font-family="${FONT}" font-size="12" font-weight="700" fill="#84642f" text-anchor="middle">입구</text>`,
    );
  }
  // 9. dimensions
  const dimCol = "#6b7280";
  const tick = (x: number, y: number) =>
    `<line x1="${r2(x - 4)}" y1="${r2(y + 4)}" x2="${r2(x + 4)}" y2="${r2(y - 4)}" stroke="${dimCol}" stroke-width="1.2"/>`;
  const hDim = (x1: number, x2: number, y: number, label: boolean, below = false) => {
    let s =
      `<line x1="${X(x1)}" y1="${y}" x2="${X(x2)}" y2="${y}" stroke="${dimCol}" stroke-width="0.9"/>` +
      tick(X(x1), y) +
      tick(X(x2), y);
    if (label)
      s += `<text x="${r2((X(x1) + X(x2)) / 2)}" y="${below ? y + 14 : y - 5}" font-size="11" fill="#4b5260" text-anchor="middle" font-family="${FONT}">${Math.round((x2 - x1) * 1000).toLocaleString("en-US")}</text>`;
    return s;
  };
  const vDim = (y1: number, y2: number, x: number) => {
    const t = (yy: number) =>
      `<line x1="${r2(x - 4)}" y1="${r2(yy + 4)}" x2="${r2(x + 4)}" y2="${r2(yy - 4)}" stroke="${dimCol}" stroke-width="1.2"/>`;
    const my = r2((Y(y1) + Y(y2)) / 2);
    return (
      `<line x1="${x}" y1="${Y(y1)}" x2="${x}" y2="${Y(y2)}" stroke="${dimCol}" stroke-width="0.9"/>` +
      t(Y(y1)) +
      t(Y(y2)) +
      `<text x="${x - 6}" y="${my}" font-size="11" fill="#4b5260" text-anchor="middle" font-family="${FONT}" transform="rotate(-90 ${x - 6} ${my})">${Math.round((y2 - y1) * 1000).toLocaleString("en-US")}</text>`
    );
  };
  const topY = r2(Y(minY) - (p.entry.dir === "s" && p.entry.y - 0.5 < minY ? 46 : 30));
  push(hDim(minX, maxX, topY, true));
  const bottomY = r2(Y(maxY) + 26);
  const bays = [minX, ...p.bays, maxX];
  for (let i = 0; i < bays.length - 1; i++) push(hDim(bays[i]!, bays[i + 1]!, bottomY, true, true));
  const leftX = r2(X(minX) - 28);
  const rows = [minY, ...p.rows, maxY];
  for (let i = 0; i < rows.length - 1; i++) push(vDim(rows[i]!, rows[i + 1]!, leftX));

  const body = out.join("\n");
  const title = titleBlock(unit);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="720" viewBox="0 0 960 720" role="img" aria-labelledby="t">
<title id="t">${unit.label} 타입 평면도 (전용 ${unit.exclusiveArea}㎡, 방 ${unit.rooms}개, 욕실 ${unit.bathrooms}개)</title>
<rect width="960" height="720" fill="#fff"/>
${title}
${body}
${footer()}
</svg>
`;
}

function titleBlock(u: UnitType) {
  return `<g font-family="${FONT}">
<rect x="32" y="30" width="6" height="52" fill="#a9834a"/>
<text x="52" y="66" font-size="40" font-weight="800" fill="#0f1f3d" letter-spacing="-0.5">${u.label}<tspan font-size="15" font-weight="700" fill="#84642f" dx="8" letter-spacing="2">TYPE</tspan></text>
<text x="52" y="86" font-size="13.5" fill="#4b5260">전용 ${figure(u.exclusiveArea, areaText)} · 공급 ${figure(u.supplyArea, areaText)} · 방 ${u.rooms ?? PENDING} · 욕실 ${u.bathrooms ?? PENDING} · ${figure(u.households, householdsText)}</text>
</g>
<g transform="translate(906 58)" font-family="${FONT}">
<circle r="24" fill="#fff" stroke="#0f1f3d" stroke-width="1.5"/>
<path d="M0 -18 L7 8 L0 3 L-7 8 Z" fill="#0f1f3d"/>
<text y="20" font-size="9" font-weight="800" fill="#0f1f3d" text-anchor="middle">N</text>
</g>`;
}

function footer() {
  const x0 = 40,
    y0 = 684;
  let bar = "";
  for (let i = 0; i < 3; i++)
    bar += `<rect x="${x0 + i * S}" y="${y0}" width="${S}" height="6" fill="${i % 2 ? "#fff" : "#262b33"}" stroke="#262b33" stroke-width="1"/>`;
  const labels = [0, 1, 2, 3]
    .map(
      (i) =>
        `<text x="${x0 + i * S}" y="${y0 - 5}" font-size="10.5" fill="#4b5260" text-anchor="middle">${i}${i === 3 ? "m" : ""}</text>`,
    )
    .join("");
  return `<g font-family="${FONT}">
${bar}${labels}
<text x="${x0 + 3 * S + 18}" y="${y0 + 7}" font-size="11" fill="#4b5260">축척 임의 · 치수 단위 mm</text>
<text x="920" y="${y0 + 7}" font-size="11" fill="#4b5260" text-anchor="end">※ 이해를 돕기 위한 참고용 평면도로 실제와 다를 수 있으며, 실별 면적은 벽체 중심선 기준 약식 산출값입니다.</text>
</g>`;
}

function item(
  it: Item,
  X: (m: number) => number,
  Y: (m: number) => number,
  L: (m: number) => number,
): string {
  const rect = (x: number, y: number, w: number, h: number, rx = 0.04, extra = "") =>
    `<rect x="${X(x)}" y="${Y(y)}" width="${L(w)}" height="${L(h)}" rx="${L(rx)}"${extra}/>`;
  switch (it.t) {
    case "bed": {
      const { x, y, w, h, head } = it;
      let s = rect(x, y, w, h, 0.06);
      const vertical = head === "n" || head === "s";
      const len = vertical ? h : w;
      const wid = vertical ? w : h;
      const pw = Math.min(0.62, (wid - 0.3) / 2);
      const n = wid > 1.3 ? 2 : 1;
      for (let i = 0; i < n; i++) {
        const off = n === 1 ? (wid - pw * 1.4) / 2 : 0.1 + i * (wid - 0.2 - pw);
        const pwid = n === 1 ? pw * 1.4 : pw;
        if (head === "n") s += rect(x + off, y + 0.08, pwid, 0.34, 0.06);
        if (head === "s") s += rect(x + off, y + h - 0.42, pwid, 0.34, 0.06);
        if (head === "w") s += rect(x + 0.08, y + off, 0.34, pwid, 0.06);
        if (head === "e") s += rect(x + w - 0.42, y + off, 0.34, pwid, 0.06);
      }
      const fold = len * 0.36;
      if (head === "n")
        s += `<line x1="${X(x)}" y1="${Y(y + fold)}" x2="${X(x + w)}" y2="${Y(y + fold)}"/>`;
      if (head === "s")
        s += `<line x1="${X(x)}" y1="${Y(y + h - fold)}" x2="${X(x + w)}" y2="${Y(y + h - fold)}"/>`;
      if (head === "w")
        s += `<line x1="${X(x + fold)}" y1="${Y(y)}" x2="${X(x + fold)}" y2="${Y(y + h)}"/>`;
      if (head === "e")
        s += `<line x1="${X(x + w - fold)}" y1="${Y(y)}" x2="${X(x + w - fold)}" y2="${Y(y + h)}"/>`;
      return s;
    }
    case "sofa": {
      const { x, y, w, h, back } = it;
      let s = rect(x, y, w, h, 0.08);
      const b = 0.22,
        arm = 0.2;
      if (back === "n")
        s += rect(x, y, w, b, 0.06) + rect(x, y, arm, h, 0.06) + rect(x + w - arm, y, arm, h, 0.06);
      if (back === "s")
        s +=
          rect(x, y + h - b, w, b, 0.06) +
          rect(x, y, arm, h, 0.06) +
          rect(x + w - arm, y, arm, h, 0.06);
      if (back === "e")
        s +=
          rect(x + w - b, y, b, h, 0.06) +
          rect(x, y, w, arm, 0.06) +
          rect(x, y + h - arm, w, arm, 0.06);
      if (back === "w")
        s += rect(x, y, b, h, 0.06) + rect(x, y, w, arm, 0.06) + rect(x, y + h - arm, w, arm, 0.06);
      return s;
    }
    case "coffee":
      return rect(it.x, it.y, it.w, it.h, 0.08);
    case "table": {
      const { x, y, w, h } = it;
      const n = it.chairs ?? 2;
      let s = "";
      const cw = 0.42,
        ch = 0.36;
      const horizontal = w >= h;
      for (let i = 0; i < n; i++) {
        if (horizontal) {
          const cxm = x + (w / n) * (i + 0.5) - cw / 2;
          s += rect(cxm, y - ch + 0.08, cw, ch, 0.08) + rect(cxm, y + h - 0.08, cw, ch, 0.08);
        } else {
          const cym = y + (h / n) * (i + 0.5) - cw / 2;
          s += rect(x - ch + 0.08, cym, ch, cw, 0.08) + rect(x + w - 0.08, cym, ch, cw, 0.08);
        }
      }
      return s + rect(x, y, w, h, 0.03);
    }
    case "counter": {
      const { x, y, w, h } = it;
      let s = rect(x, y, w, h, 0.02);
      if (it.sink) {
        const [sx, sy] = it.sink;
        const horizontal = w >= h;
        s += horizontal ? rect(sx, sy, 0.7, h * 0.62, 0.08) : rect(sx, sy, w * 0.62, 0.7, 0.08);
      }
      if (it.cook) {
        const [kx, ky] = it.cook;
        for (const [dx, dy] of [
          [0.15, 0.15],
          [0.45, 0.15],
          [0.15, 0.42],
          [0.45, 0.42],
        ] as const)
          s += `<circle cx="${X(kx + dx)}" cy="${Y(ky + dy)}" r="${L(0.1)}"/>`;
      }
      return s;
    }
    case "island":
      return (
        rect(it.x, it.y, it.w, it.h, 0.04) +
        rect(it.x + 0.06, it.y + 0.06, it.w - 0.12, it.h - 0.12, 0.03, ' fill="none"')
      );
    case "fridge": {
      const { x, y, w, h } = it;
      return (
        rect(x, y, w, h, 0.02) +
        `<line x1="${X(x)}" y1="${Y(y)}" x2="${X(x + w)}" y2="${Y(y + h)}"/><line x1="${X(x + w)}" y1="${Y(y)}" x2="${X(x)}" y2="${Y(y + h)}"/>`
      );
    }
    case "toilet": {
      const { x, y, face } = it; // x,y = centre of the tank against the wall
      const tankW = 0.42,
        tankD = 0.18,
        bowlL = 0.48,
        bowlW = 0.36;
      if (face === "s")
        return (
          rect(x - tankW / 2, y, tankW, tankD, 0.04) +
          `<ellipse cx="${X(x)}" cy="${Y(y + tankD + bowlL / 2 - 0.02)}" rx="${L(bowlW / 2)}" ry="${L(bowlL / 2)}"/>`
        );
      if (face === "n")
        return (
          rect(x - tankW / 2, y - tankD, tankW, tankD, 0.04) +
          `<ellipse cx="${X(x)}" cy="${Y(y - tankD - bowlL / 2 + 0.02)}" rx="${L(bowlW / 2)}" ry="${L(bowlL / 2)}"/>`
        );
      if (face === "e")
        return (
          rect(x, y - tankW / 2, tankD, tankW, 0.04) +
          `<ellipse cx="${X(x + tankD + bowlL / 2 - 0.02)}" cy="${Y(y)}" rx="${L(bowlL / 2)}" ry="${L(bowlW / 2)}"/>`
        );
      return (
        rect(x - tankD, y - tankW / 2, tankD, tankW, 0.04) +
        `<ellipse cx="${X(x - tankD - bowlL / 2 + 0.02)}" cy="${Y(y)}" rx="${L(bowlL / 2)}" ry="${L(bowlW / 2)}"/>`
      );
    }
    case "basin": {
      const { x, y, w, h } = it;
      return (
        rect(x, y, w, h, 0.03) +
        `<ellipse cx="${X(x + w / 2)}" cy="${Y(y + h / 2)}" rx="${L(Math.min(w, h) * 0.36)}" ry="${L(Math.min(w, h) * 0.3)}"/>`
      );
    }
    case "tub": {
      const { x, y, w, h } = it;
      return rect(x, y, w, h, 0.06) + rect(x + 0.08, y + 0.08, w - 0.16, h - 0.16, 0.2);
    }
    case "shower": {
      const { x, y, w, h } = it;
      return (
        rect(x, y, w, h, 0.02) +
        `<line x1="${X(x)}" y1="${Y(y)}" x2="${X(x + w)}" y2="${Y(y + h)}" stroke-dasharray="3 3"/><circle cx="${X(x + w / 2)}" cy="${Y(y + h / 2)}" r="${L(0.05)}"/>`
      );
    }
    case "closet": {
      const { x, y, w, h } = it;
      const horizontal = w >= h;
      const line = horizontal
        ? `<line x1="${X(x + 0.06)}" y1="${Y(y + h / 2)}" x2="${X(x + w - 0.06)}" y2="${Y(y + h / 2)}" stroke-dasharray="5 3"/>`
        : `<line x1="${X(x + w / 2)}" y1="${Y(y + 0.06)}" x2="${X(x + w / 2)}" y2="${Y(y + h - 0.06)}" stroke-dasharray="5 3"/>`;
      return rect(x, y, w, h, 0.02) + line;
    }
    case "shoes": {
      const { x, y, w, h } = it;
      return (
        rect(x, y, w, h, 0.02) +
        `<line x1="${X(x)}" y1="${Y(y + h)}" x2="${X(x + w)}" y2="${Y(y)}"/>`
      );
    }
    case "desk": {
      const { x, y, w, h, chair } = it;
      const c = 0.22;
      const pos = {
        n: [x + w / 2, y - 0.12],
        s: [x + w / 2, y + h + 0.12],
        e: [x + w + 0.12, y + h / 2],
        w: [x - 0.12, y + h / 2],
      }[chair];
      return rect(x, y, w, h, 0.02) + `<circle cx="${X(pos[0]!)}" cy="${Y(pos[1]!)}" r="${L(c)}"/>`;
    }
    case "tv":
      return rect(it.x, it.y, it.w, it.h, 0.02, ' fill="#d9dde3"');
    case "washer": {
      const { x, y, s } = it;
      return (
        rect(x, y, s, s, 0.04) +
        `<circle cx="${X(x + s / 2)}" cy="${Y(y + s / 2)}" r="${L(s * 0.32)}"/>`
      );
    }
    case "plant":
      return `<circle cx="${X(it.x)}" cy="${Y(it.y)}" r="${L(it.r)}" fill="#dfe9d8" stroke="#9bb38c"/><circle cx="${X(it.x)}" cy="${Y(it.y)}" r="${L(it.r * 0.45)}" fill="none" stroke="#9bb38c"/>`;
    case "ac": {
      const { x, y, w, h } = it;
      return (
        rect(x, y, w, h, 0.02) +
        `<circle cx="${X(x + w / 2)}" cy="${Y(y + h / 2)}" r="${L(Math.min(w, h) * 0.35)}"/>`
      );
    }
  }
}

export function layoutFor(unit: UnitType): Layout {
  const layout = LAYOUTS[unit.key];
  if (!layout)
    throw new Error(
      `평면 레이아웃이 없습니다: ${unit.key} (scripts/artwork/floor-plan-layouts.ts)`,
    );
  return layout;
}

/** Bedrooms (침실…, 안방), bathrooms (욕실…) and the net area of the rooms inside the unit. */
export function layoutSummary(p: Layout) {
  const inside = p.plan.filter((r) => r.kind !== "balcony" && r.kind !== "service");
  return {
    rooms: p.plan.filter((r) => /^(침실|안방)/.test(r.name)).length,
    bathrooms: p.plan.filter((r) => r.name.startsWith("욕실")).length,
    area: inside.reduce((s, r) => s + area(r), 0),
  };
}

/** Every unit type's plan, after checking its rooms and bathrooms against content. */
export function drawFloorPlans(content: Content): ArtworkFile[] {
  return content.unitTypes.map((unit) => {
    const summary = layoutSummary(layoutFor(unit));
    if (summary.rooms !== unit.rooms || summary.bathrooms !== unit.bathrooms) {
      throw new Error(
        `${unit.label}: 평면의 방/욕실 수가 콘텐츠와 다릅니다 (${summary.rooms}/${summary.bathrooms})`,
      );
    }
    return { path: unit.plan.src, svg: drawFloorPlan(unit) };
  });
}

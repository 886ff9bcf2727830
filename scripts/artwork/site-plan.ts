/**
 * Draws the site plan (단지배치도, content.infoPages.sitePlan.image) from the complex's
 * `artwork.sitePlan`: the roads around it, the grounds with the fire lane, walks, plaza, water,
 * playgrounds and community buildings, trees wherever nothing else is, one tower per building of
 * content.infoPages.unitPositions (named, with its floors), and the entrances. Illustrative;
 * trees are seeded, so every run is the same. Colours match the page's legend.
 */
import type { Artwork, Content, SitePlan } from "../../app/content/schema";
import { f0, PyRandom } from "./py-random";
import { FONT as F, svgText, xmlText, type ArtworkFile } from "./svg";

const HALO = 'paint-order="stroke" stroke="#ffffff" stroke-width="5" stroke-linejoin="round"';
const W = 1200;
const H = 900;
const [NAVY, GOLD, GREEN, PAVE, WATER, PLAY, ROAD, GATE, RAMP] = [
  "#0f1f3d",
  "#a9834a",
  "#a8cc95",
  "#ebe3d2",
  "#8fc1dc",
  "#f0c36a",
  "#9aa3b5",
  "#2f6fad",
  "#c4532d",
];
/** A tower's footprint. */
const TW = 180;
const TH = 64;

type Tower = { name: string; floors: number; x: number; y: number };

/** Each building of the unit-position plan, where the site plan puts it. */
export function siteTowers(content: Content, plan: SitePlan): Tower[] {
  return content.infoPages.unitPositions.buildings.map((b) => {
    const at = plan.buildings.find((p) => p.name === b.name);
    if (!at)
      throw new Error(`단지배치도에 ${b.name}의 위치가 없습니다 (artwork.sitePlan.buildings)`);
    return { name: b.name, floors: b.floors, x: at.x, y: at.y };
  });
}

function planSvg(
  plan: SitePlan,
  towers: Tower[],
  complexName: string,
  width: number,
  height: number,
): string {
  const o: string[] = [];
  const a = (s: string) => o.push(s);
  const text = (...args: Parameters<typeof svgText>) => a(svgText(...args));
  a(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${W} ${H}">`,
  );
  a(`<title>${xmlText(complexName)} 단지배치도</title>`);
  a(
    '<defs><filter id="sh" x="-10%" y="-20%" width="130%" height="160%"><feDropShadow dx="6" dy="8" stdDeviation="5" flood-color="#0f1f3d" flood-opacity=".3"/></filter></defs>',
  );
  a(`<rect width="${W}" height="${H}" fill="#eeeae1"/>`);
  // Roads around the site: wide ones south and west, narrow ones north and east.
  a('<rect x="0" y="800" width="1200" height="100" fill="#ffffff"/>');
  a(
    '<line x1="0" y1="850" x2="1200" y2="850" stroke="#e6c98f" stroke-width="3" stroke-dasharray="30 20"/>',
  );
  a('<rect x="0" y="0" width="86" height="800" fill="#ffffff"/>');
  a(
    '<line x1="43" y1="0" x2="43" y2="800" stroke="#e6c98f" stroke-width="3" stroke-dasharray="30 20"/>',
  );
  a('<rect x="86" y="0" width="1114" height="60" fill="#f8f6f1"/>');
  a('<rect x="1134" y="60" width="66" height="740" fill="#f8f6f1"/>');
  a(
    '<path d="M0 800 H1200 M86 0 V800 M86 60 H1134 V800" stroke="#d3cbb9" stroke-width="2" fill="none"/>',
  );
  const wide = 'paint-order="stroke" stroke="#ffffff" stroke-width="8"';
  text(760, 886, plan.roads.south, 20, 700, "#5b6270", "middle", wide);
  a(
    `<text transform="translate(50 560) rotate(-90)" text-anchor="middle" ${F} font-size="20" font-weight="700" fill="#5b6270" ${wide}>${xmlText(plan.roads.west)}</text>`,
  );
  text(820, 38, plan.roads.north, 16, 600, "#5b6270");
  a(
    `<text transform="translate(1174 560) rotate(90)" text-anchor="middle" ${F} font-size="16" font-weight="600" fill="#5b6270">${xmlText(plan.roads.east)}</text>`,
  );
  // Grounds and the fire lane.
  a(
    `<rect x="116" y="92" width="988" height="682" rx="16" fill="${GREEN}" stroke="#ffffff" stroke-width="4"/>`,
  );
  const l = plan.fireLane;
  const [x1, y1, x2, y2] = [l.x, l.y, l.x + l.width, l.y + l.height];
  const lane = `M${x1 + 20} ${y1} H${x2 - 20} Q${x2} ${y1} ${x2} ${y1 + 20} V${y2 - 20} Q${x2} ${y2} ${x2 - 20} ${y2} H${x1 + 20} Q${x1} ${y2} ${x1} ${y2 - 20} V${y1 + 20} Q${x1} ${y1} ${x1 + 20} ${y1} Z`;
  a(`<path d="${lane}" fill="none" stroke="${ROAD}" stroke-width="16"/>`);
  a(
    `<path d="${lane}" fill="none" stroke="#ffffff" stroke-width="2" stroke-dasharray="14 12" opacity=".8"/>`,
  );
  // Plaza, walks, trail, water, playgrounds, community buildings.
  const { plaza, water } = plan;
  a(`<ellipse cx="${plaza.x}" cy="${plaza.y}" rx="${plaza.rx}" ry="${plaza.ry}" fill="${PAVE}"/>`);
  for (const w of plan.walks) a(`<path d="${w.path}" stroke="${PAVE}" stroke-width="${w.width}"/>`);
  a(
    `<path d="${plan.trail.path}" fill="none" stroke="${PAVE}" stroke-width="12" stroke-linecap="round" stroke-dasharray="2 0"/>`,
  );
  a(
    `<ellipse cx="${water.x}" cy="${water.y}" rx="${water.rx}" ry="${water.ry}" fill="${WATER}" stroke="#ffffff" stroke-width="4"/>`,
  );
  a(
    `<path d="M${water.x - 48} ${water.y - 2} Q${water.x} ${water.y - 20} ${water.x + 48} ${water.y - 2}" stroke="#ffffff" stroke-width="3" fill="none" opacity=".75"/>`,
  );
  for (const p of plan.playgrounds)
    a(
      `<circle cx="${p.x}" cy="${p.y}" r="${p.r}" fill="${PLAY}" stroke="#ffffff" stroke-width="4"/>`,
    );
  for (const f of plan.facilities) {
    a(
      `<rect x="${f.x}" y="${f.y}" width="${f.width}" height="${f.height}" rx="6" fill="${GOLD}" stroke="#ffffff" stroke-width="3"/>`,
    );
  }
  // Trees wherever nothing else is.
  const blocked: number[][] = [
    ...towers.map(({ x, y }) => [x - 14, y - 14, x + TW + 20, y + TH + 22]),
    ...plan.facilities.map(({ x, y, width, height }) => [
      x - 8,
      y - 8,
      x + width + 8,
      y + height + 8,
    ]),
    ...plan.playgrounds.map(({ x, y, r }) => [x - r - 8, y - r - 8, x + r + 8, y + r + 8]),
    [x1 - 14, y1 - 14, x2 + 14, y1 + 14],
    [x1 - 14, y2 - 14, x2 + 14, y2 + 14],
    [x1 - 14, y1 - 14, x1 + 14, y2 + 14],
    [x2 - 14, y1 - 14, x2 + 14, y2 + 14],
    ...plan.clear,
  ];
  const free = (x: number, y: number, r: number) =>
    124 + r < x &&
    x < 1096 - r &&
    100 + r < y &&
    y < 766 - r &&
    !blocked.some(
      ([bx1, by1, bx2, by2]) => bx1! - r < x && x < bx2! + r && by1! - r < y && y < by2! + r,
    );
  const rnd = new PyRandom(3);
  const trees: [number, number, number][] = [];
  for (let k = 0; k < 4000 && trees.length <= 150; k++) {
    const [x, y, r] = [rnd.uniform(120, 1100), rnd.uniform(96, 770), rnd.uniform(9, 15)];
    if (
      free(x, y, r) &&
      trees.every(([tx, ty, tr]) => (x - tx) ** 2 + (y - ty) ** 2 > (r + tr + 3) ** 2)
    ) {
      trees.push([x, y, r]);
    }
  }
  a("<g>");
  for (const [x, y, r] of trees) {
    a(
      `<circle cx="${f0(x)}" cy="${f0(y)}" r="${f0(r)}" fill="#6fa05f"/><circle cx="${f0(x - r * 0.3)}" cy="${f0(y - r * 0.3)}" r="${f0(r * 0.45)}" fill="#8fbf7f"/>`,
    );
  }
  a("</g>");
  // Towers with their names and floors.
  for (const { name, floors, x, y } of towers) {
    a(
      `<g filter="url(#sh)"><path d="M${x} ${y + 6} Q${x} ${y} ${x + 6} ${y} H${x + TW - 6} Q${x + TW} ${y} ${x + TW} ${y + 6} V${y + TH - 6} Q${x + TW} ${y + TH} ${x + TW - 6} ${y + TH} H${x + 118} V${y + TH + 8} H${x + 62} V${y + TH} H${x + 6} Q${x} ${y + TH} ${x} ${y + TH - 6} Z" fill="${NAVY}"/></g>`,
    );
    a(
      `<line x1="${x + 10}" y1="${y + TH - 8}" x2="${x + TW - 10}" y2="${y + TH - 8}" stroke="#d9bd8c" stroke-width="2" opacity=".6"/>`,
    );
    text(x + TW / 2, y + 32, name, 26, 800, "#ffffff");
    text(x + TW / 2, y + 51, `지상 ${floors}층`, 14, 600, "#d9bd8c");
  }
  // Names of the places on the grounds.
  for (const f of plan.facilities) {
    const size = f.height >= 80 ? 19 : 17;
    text(f.x + f.width / 2, f.y + f.height / 2 + size * 0.36, f.name, size, 800, NAVY);
  }
  text(water.x, water.y + 7, water.name, 17, 800, "#0f3b57");
  text(plaza.label.x, plaza.label.y, plaza.name, 20, 800, "#6b4f22", "middle", HALO);
  for (const p of plan.playgrounds) text(p.x, p.y + 6, "놀이터", 15, 800, "#5a3d00");
  text(plan.trail.label.x, plan.trail.label.y, plan.trail.name, 15, 700, "#2f5f2a", "middle", HALO);
  // Entrances: gates (blue) and car-park ramps (red).
  for (const g of plan.gates) {
    const { x, y } = g;
    a(`<circle cx="${x}" cy="${y}" r="16" fill="${GATE}" stroke="#ffffff" stroke-width="4"/>`);
    a(
      `<path d="M${x - 6} ${y} H${x + 6} M${x + 1} ${y - 5} L${x + 6} ${y} L${x + 1} ${y + 5}" stroke="#ffffff" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round" transform="rotate(${g.rotate} ${x} ${y})"/>`,
    );
    text(g.label.x, g.label.y, g.name, 17, 800, GATE, g.label.anchor, HALO);
  }
  for (const r of plan.ramps) {
    const { x, y } = r;
    a(
      `<g transform="rotate(${r.rotate} ${x} ${y})"><rect x="${x - 20}" y="${y - 30}" width="40" height="60" rx="6" fill="${RAMP}" stroke="#ffffff" stroke-width="3"/>` +
        `<path d="M${x} ${y - 16} V${y + 14} M${x - 8} ${y + 6} L${x} ${y + 14} L${x + 8} ${y + 6}" stroke="#ffffff" stroke-width="3.5" fill="none" stroke-linecap="round" stroke-linejoin="round"/></g>`,
    );
    text(r.label.x, r.label.y, r.name, 16, 800, "#9c3a1a", r.label.anchor, HALO);
  }
  // North arrow and note.
  a(
    '<g transform="translate(1150 860)"><circle r="26" fill="#ffffff" stroke="#0f1f3d" stroke-width="2"/><path d="M0 -19 L8 6 L0 1 L-8 6 Z" fill="#0f1f3d"/>' +
      `<text x="0" y="20" text-anchor="middle" ${F} font-size="11" font-weight="800" fill="#0f1f3d">N</text></g>`,
  );
  text(22, 884, "축척 없음 · 개략도", 14, 600, "#5b6270", "start");
  a("</svg>");
  return o.join("\n") + "\n";
}

/** The site plan, when the complex's artwork describes one. */
export function drawSitePlan(
  content: Content,
  artwork: Artwork | undefined = content.artwork,
): ArtworkFile[] {
  const image = content.infoPages.sitePlan.image;
  const plan = artwork?.sitePlan;
  if (!plan || !image.src.endsWith(".svg")) return [];
  const svg = planSvg(
    plan,
    siteTowers(content, plan),
    content.identity.name,
    image.width,
    image.height,
  );
  return [{ path: image.src, svg }];
}

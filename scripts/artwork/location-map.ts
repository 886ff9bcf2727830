/**
 * Draws the location map (입지 개략도, content.infoPages.locationPage.map) from the complex's
 * `artwork.locationMap`: streets, stream, parks, roads, the subway line and its stations, nearby
 * schools and facilities, the site with a callout naming the complex, a legend. Schematic, not to
 * scale; trees are seeded, so every run is the same.
 */
import type { Artwork, Content, LocationMap } from "../../app/content/schema";
import { f0, PyRandom } from "./py-random";
import { FONT as F, xmlText as t, type ArtworkFile } from "./svg";

const HALO = 'paint-order="stroke" stroke="#ffffff" stroke-width="5" stroke-linejoin="round"';
const PLACE_COLORS: Record<LocationMap["places"][number]["kind"], string> = {
  education: "#1b2f57",
  shopping: "#84642f",
  public: "#3d5a86",
  medical: "#c4532d",
};

function mapSvg(map: LocationMap, complexName: string, W: number, H: number): string {
  const o: string[] = [];
  const a = (s: string) => o.push(s);
  a(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`);
  a(`<title>${t(complexName)} 입지 개략도</title>`);
  a("<defs>");
  a(
    '<pattern id="hatch" width="12" height="12" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="12" height="12" fill="#efe4cf"/><line x1="0" y1="0" x2="0" y2="12" stroke="#dcc89f" stroke-width="5"/></pattern>',
  );
  a(
    '<filter id="shadow" x="-20%" y="-20%" width="140%" height="160%"><feDropShadow dx="0" dy="3" stdDeviation="4" flood-color="#0f1f3d" flood-opacity=".28"/></filter>',
  );
  a("</defs>");
  // City blocks and minor streets.
  a(`<rect width="${W}" height="${H}" fill="#e9e5db"/>`);
  a('<g stroke="#f8f6f1" stroke-width="10">');
  for (const x of map.streets.x) a(`<line x1="${x}" y1="0" x2="${x}" y2="${H}"/>`);
  for (const y of map.streets.y) a(`<line x1="0" y1="${y}" x2="${W}" y2="${y}"/>`);
  a("</g>");
  // Stream with green banks.
  const { stream, expressway } = map;
  if (stream) {
    a(
      `<path d="${stream.path}" fill="none" stroke="#cfe2bf" stroke-width="84" stroke-linecap="round"/>`,
    );
    a(
      `<path d="${stream.path}" fill="none" stroke="#8fc1dc" stroke-width="26" stroke-linecap="round"/>`,
    );
    a(
      `<path d="${stream.path}" fill="none" stroke="#b7d9ea" stroke-width="6" stroke-linecap="round" stroke-dasharray="30 40"/>`,
    );
  }
  // Parks, greens and their trees.
  for (const p of map.parks)
    a(
      `<rect x="${p.x}" y="${p.y}" width="${p.width}" height="${p.height}" rx="18" fill="#bcd8a8"/>`,
    );
  for (const g of map.greens)
    a(
      `<rect x="${g.x}" y="${g.y}" width="${g.width}" height="${g.height}" rx="14" fill="#cfe2bf"/>`,
    );
  const rnd = new PyRandom(7);
  a('<g fill="#8fbf7f">');
  for (const p of map.parks) {
    const { label } = p;
    for (let k = 0; k < p.trees; k++) {
      const x = rnd.uniform(p.x + 16, p.x + p.width - 16);
      const y = rnd.uniform(p.y + 16, p.y + p.height - 16);
      if (label.x - 70 < x && x < label.x + 70 && label.y - 34 < y && y < label.y + 20) continue;
      a(`<circle cx="${f0(x)}" cy="${f0(y)}" r="${f0(rnd.uniform(7, 12))}"/>`);
    }
  }
  if (stream) {
    const { count, fromY, toY } = stream.trees;
    for (let k = 0; k < count; k++) {
      const x = rnd.uniform(20, W - 20);
      const y = fromY + rnd.choice([-1, 1]) * rnd.uniform(30, 40);
      a(
        `<circle cx="${f0(x)}" cy="${f0(y - (x / W) * (fromY - toY))}" r="${f0(rnd.uniform(5, 8))}" opacity=".8"/>`,
      );
    }
  }
  a("</g>");
  for (const d of map.districts) {
    a(
      `<rect x="${d.x}" y="${d.y}" width="${d.width}" height="${d.height}" rx="12" fill="url(#hatch)" stroke="#cdb486" stroke-width="2"/>`,
    );
  }
  if (expressway) {
    a(`<path d="${expressway.path}" fill="none" stroke="#7d8aa3" stroke-width="34"/>`);
    a(`<path d="${expressway.path}" fill="none" stroke="#c9d0dc" stroke-width="26"/>`);
    a(
      `<path d="${expressway.path}" fill="none" stroke="#ffffff" stroke-width="2" stroke-dasharray="18 14"/>`,
    );
  }
  // Major roads, then their crossings tidied (no centre line across a junction).
  const across = map.roads.filter((r) => r.direction === "east-west");
  const down = map.roads.filter((r) => r.direction === "north-south");
  a("<g>");
  for (const r of map.roads) {
    if (r.direction === "east-west") {
      a(
        `<rect x="-10" y="${r.at - r.width / 2}" width="${W + 20}" height="${r.width}" fill="#ffffff" stroke="#d3cbb9" stroke-width="2"/>`,
      );
      a(
        `<line x1="0" y1="${r.at}" x2="${W}" y2="${r.at}" stroke="#e6c98f" stroke-width="2" stroke-dasharray="24 16"/>`,
      );
    } else {
      a(
        `<rect x="${r.at - r.width / 2}" y="-10" width="${r.width}" height="${H + 20}" fill="#ffffff" stroke="#d3cbb9" stroke-width="2"/>`,
      );
      a(
        `<line x1="${r.at}" y1="0" x2="${r.at}" y2="${H}" stroke="#e6c98f" stroke-width="2" stroke-dasharray="24 16"/>`,
      );
    }
  }
  for (const v of down) {
    for (const h of across) {
      a(
        `<rect x="${v.at - 3}" y="${h.at - h.width / 2 + 1}" width="6" height="${h.width - 2}" fill="#ffffff"/>`,
      );
    }
  }
  a("</g>");
  // Subway line and stations.
  const { subway } = map;
  a(
    `<line x1="0" y1="${subway.y}" x2="${W}" y2="${subway.y}" stroke="${subway.color}" stroke-width="9"/>`,
  );
  for (const s of subway.stations) {
    a(
      `<circle cx="${s.x}" cy="${subway.y}" r="14" fill="#ffffff" stroke="${subway.color}" stroke-width="6"/>`,
    );
    a(
      `<g transform="translate(${s.x} ${subway.y + 44})"><rect x="-70" y="-24" width="140" height="36" rx="18" fill="${subway.color}"/>` +
        `<text x="0" y="2" text-anchor="middle" ${F} font-size="21" font-weight="800" fill="#0f1f3d">${t(s.name)}</text></g>`,
    );
  }
  a(
    `<text x="16" y="${subway.y + 30}" ${F} font-size="16" font-weight="600" fill="#1b2f57">← ${t(subway.west)}</text>`,
  );
  a(
    `<text x="${W - 140}" y="${subway.y + 30}" text-anchor="end" ${F} font-size="16" font-weight="600" fill="#1b2f57">${t(subway.east)} →</text>`,
  );
  // Names of roads, stream, parks and districts.
  for (const r of map.roads) {
    const place =
      r.direction === "east-west"
        ? `x="${r.labelAt}" y="${r.at + 6}"`
        : `transform="translate(${r.at + 6} ${r.labelAt}) rotate(-90)"`;
    a(
      `<text ${place} text-anchor="middle" ${F} font-size="18" font-weight="700" fill="#5b6270">${t(r.name)}</text>`,
    );
  }
  if (expressway) {
    const { x, y, angle } = expressway.label;
    a(
      `<text transform="translate(${x} ${y}) rotate(${angle})" text-anchor="middle" ${F} font-size="17" font-weight="700" fill="#1b2f57" ${HALO}>${t(expressway.name)}</text>`,
    );
  }
  const areaName = (name: string, { x, y }: { x: number; y: number }, fill: string) =>
    a(
      `<text x="${x}" y="${y}" text-anchor="middle" ${F} font-size="22" font-weight="800" fill="${fill}" ${HALO}>${t(name)}</text>`,
    );
  if (stream) areaName(stream.name, stream.label, "#2b6f96");
  for (const p of map.parks) areaName(p.name, p.label, "#2f5f2a");
  for (const d of map.districts) areaName(d.name, d.label, "#6b4f22");
  // Schools and facilities: a lettered pin and the name under it.
  for (const p of map.places) {
    a(
      `<circle cx="${p.x}" cy="${p.y}" r="19" fill="${PLACE_COLORS[p.kind]}" stroke="#ffffff" stroke-width="3"/>`,
    );
    a(
      `<text x="${p.x}" y="${p.y + 7}" text-anchor="middle" ${F} font-size="19" font-weight="800" fill="#ffffff">${t(p.letter)}</text>`,
    );
    a(
      `<text x="${p.x}" y="${p.y + 40}" text-anchor="middle" ${F} font-size="19" font-weight="700" fill="#0f1f3d" ${HALO}>${t(p.name)}</text>`,
    );
  }
  // The site, its buildings as light marks, and the callout above it.
  const s = map.site;
  a('<g filter="url(#shadow)">');
  a(
    `<path d="M${s.x} ${s.y} H${s.x + s.width} V${s.y + s.height} H${s.x} Z" fill="#a9834a" stroke="#ffffff" stroke-width="4"/>`,
  );
  a("</g>");
  a('<g fill="#ffffff" opacity=".9">');
  for (let x = s.x + 20; x + 24 <= s.x + s.width - 20; x += 34) {
    a(`<rect x="${x}" y="${s.y + 30}" width="24" height="12" rx="2"/>`);
    a(`<rect x="${x}" y="${s.y + s.height - 42}" width="24" height="12" rx="2"/>`);
  }
  a("</g>");
  const cx = s.x + s.width / 2;
  const top = s.y - 92;
  const [l, r, b] = [cx - 139, cx + 139, top + 68];
  a('<g filter="url(#shadow)">');
  a(
    `<path d="M${l + 12} ${top} H${r - 12} Q${r} ${top} ${r} ${top + 12} V${b - 12} Q${r} ${b} ${r - 12} ${b} H${cx + 15} L${cx} ${b + 20} L${cx - 15} ${b} H${l + 12} Q${l} ${b} ${l} ${b - 12} V${top + 12} Q${l} ${top} ${l + 12} ${top} Z" fill="#0f1f3d"/>`,
  );
  a("</g>");
  a(
    `<text x="${cx}" y="${top + 28}" text-anchor="middle" ${F} font-size="14" font-weight="700" fill="#d9bd8c">사업지</text>`,
  );
  a(
    `<text x="${cx}" y="${top + 55}" text-anchor="middle" ${F} font-size="21" font-weight="800" fill="#ffffff">${t(complexName)}</text>`,
  );
  // North arrow and scale note.
  a('<g transform="translate(64 66)">');
  a('<circle r="32" fill="#ffffff" stroke="#0f1f3d" stroke-width="2"/>');
  a('<path d="M0 -24 L10 8 L0 2 L-10 8 Z" fill="#0f1f3d"/>');
  a(
    `<text x="0" y="24" text-anchor="middle" ${F} font-size="14" font-weight="800" fill="#0f1f3d">N</text>`,
  );
  a("</g>");
  a(
    `<text x="110" y="72" ${F} font-size="15" font-weight="600" fill="#5b6270" ${HALO}>축척 없음 · 개략도</text>`,
  );
  // Legend.
  const [lx, ly] = [W - 350, H - 110];
  a(
    `<rect x="${lx}" y="${ly}" width="330" height="96" rx="10" fill="#ffffff" fill-opacity=".94" stroke="#d3cbb9"/>`,
  );
  const items: [string, string][] = [
    ['<rect x="0" y="-10" width="22" height="16" fill="#a9834a"/>', "사업지"],
    [
      `<line x1="0" y1="-2" x2="22" y2="-2" stroke="${subway.color}" stroke-width="6"/>`,
      subway.name,
    ],
    ['<rect x="0" y="-10" width="22" height="16" rx="3" fill="#bcd8a8"/>', "공원 · 녹지"],
    ...(stream
      ? [
          ['<line x1="0" y1="-2" x2="22" y2="-2" stroke="#8fc1dc" stroke-width="8"/>', "하천"] as [
            string,
            string,
          ],
        ]
      : []),
    ['<rect x="0" y="-8" width="22" height="12" fill="#ffffff" stroke="#b9ae96"/>', "주요 도로"],
    ['<circle cx="11" cy="-2" r="9" fill="#1b2f57"/>', "학교 · 시설"],
  ];
  items.forEach(([symbol, label], i) => {
    const x = lx + 18 + (i % 2) * 160;
    const y = ly + 28 + Math.floor(i / 2) * 26;
    a(
      `<g transform="translate(${x} ${y})">${symbol}<text x="32" y="4" ${F} font-size="15" font-weight="600" fill="#1d1d1f">${t(label)}</text></g>`,
    );
  });
  a("</svg>");
  return o.join("\n") + "\n";
}

/** The location map, when the complex's artwork describes one. */
export function drawLocationMap(
  content: Content,
  artwork: Artwork | undefined = content.artwork,
): ArtworkFile[] {
  const image = content.infoPages.locationPage.map;
  if (!artwork?.locationMap || !image.src.endsWith(".svg")) return [];
  return [
    {
      path: image.src,
      svg: mapSvg(artwork.locationMap, content.identity.name, image.width, image.height),
    },
  ];
}

/**
 * Draws the interior illustrations from content.interiors: for each unit type shown, its first
 * image is a living room and its second a kitchen, in one-point perspective, each type in its own
 * finish (the finishes below, in turn). Illustrative rooms, not the model house.
 */
import type { Content } from "../../app/content/schema";
import { f0 } from "./py-random";
import { svgImages, type ArtworkFile } from "./svg";

type Finish = Record<
  | "wall"
  | "side"
  | "ceil"
  | "floor"
  | "plank"
  | "sofa"
  | "sofa2"
  | "rug"
  | "accent"
  | "wood"
  | "cab"
  | "cab2"
  | "stone"
  | "vein"
  | "metal"
  | "dark",
  string
>;

/** Light oak, cool grey, dark walnut. */
const FINISHES: Finish[] = [
  {
    wall: "#f4ede3",
    side: "#ebe1d3",
    ceil: "#faf6f0",
    floor: "#d8b88e",
    plank: "#c7a47a",
    sofa: "#b99b78",
    sofa2: "#a88a68",
    rug: "#efe5d6",
    accent: "#a9834a",
    wood: "#9c7650",
    cab: "#f7f3ec",
    cab2: "#e9dfd0",
    stone: "#f1ede6",
    vein: "#d8cfc2",
    metal: "#8d8d8d",
    dark: "#3d3a36",
  },
  {
    wall: "#eef0f2",
    side: "#e2e6ea",
    ceil: "#f7f8f9",
    floor: "#cfc6ba",
    plank: "#bdb2a4",
    sofa: "#7d8aa3",
    sofa2: "#6a7790",
    rug: "#e6e8ec",
    accent: "#1b2f57",
    wood: "#8a7a68",
    cab: "#fbfbfc",
    cab2: "#dfe4ea",
    stone: "#f4f4f2",
    vein: "#d6d8dc",
    metal: "#9aa0a8",
    dark: "#2b3240",
  },
  {
    wall: "#ece6df",
    side: "#e0d8ce",
    ceil: "#f6f2ed",
    floor: "#8b6a4f",
    plank: "#7a5b43",
    sofa: "#3e4a5c",
    sofa2: "#323d4d",
    rug: "#d9cfc2",
    accent: "#a9834a",
    wood: "#5e4634",
    cab: "#3a3f47",
    cab2: "#2f343b",
    stone: "#efebe6",
    vein: "#cfc6bb",
    metal: "#b39a6e",
    dark: "#23272d",
  },
];

const W = 1280;
const H = 800;
/** Vanishing point. */
const VX = 640;
const VY = 380;
/** Back wall. */
const [BX1, BY1, BX2, BY2] = [300, 150, 980, 560];

/** y at x of the line through (xRef, yRef) that runs to the vanishing point. */
const yAt = (x: number, yRef: number, xRef: number) => VY + ((yRef - VY) * (x - VX)) / (xRef - VX);
const yAt0 = (x: number, yRef: number, xRef: number) => f0(yAt(x, yRef, xRef));

function range(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  for (let v = from; v < to; v += step) out.push(v);
  return out;
}

/** Walls, ceiling, a plank floor running to the vanishing point, cove light, downlights. */
function shell(p: Finish, o: string[]) {
  o.push(`<rect width="${W}" height="${H}" fill="${p.wall}"/>`);
  o.push(`<polygon points="0,0 ${W},0 ${BX2},${BY1} ${BX1},${BY1}" fill="${p.ceil}"/>`);
  o.push(`<polygon points="0,0 ${BX1},${BY1} ${BX1},${BY2} 0,${H}" fill="${p.side}"/>`);
  o.push(`<polygon points="${W},0 ${BX2},${BY1} ${BX2},${BY2} ${W},${H}" fill="${p.side}"/>`);
  o.push(`<polygon points="0,${H} ${BX1},${BY2} ${BX2},${BY2} ${W},${H}" fill="${p.floor}"/>`);
  for (const x of range(BX1 + 34, BX2, 34)) {
    const xb = VX + ((x - VX) * (H - VY)) / (BY2 - VY);
    o.push(
      `<line x1="${x}" y1="${BY2}" x2="${f0(xb)}" y2="${H}" stroke="${p.plank}" stroke-width="2"/>`,
    );
  }
  for (const y of [600, 660, 740]) {
    const xl = VX + ((BX1 - VX) * (y - VY)) / (BY2 - VY);
    const xr = VX + ((BX2 - VX) * (y - VY)) / (BY2 - VY);
    o.push(
      `<line x1="${f0(xl)}" y1="${y}" x2="${f0(xr)}" y2="${y}" stroke="${p.plank}" stroke-width="1.5" opacity=".6"/>`,
    );
  }
  o.push(
    `<polygon points="60,0 ${W - 60},0 ${BX2 - 20},${BY1 - 8} ${BX1 + 20},${BY1 - 8}" fill="none" stroke="#ffffff" stroke-width="3" opacity=".8"/>`,
  );
  for (const [x, y] of [
    [420, 60],
    [640, 60],
    [860, 60],
    [500, 118],
    [780, 118],
  ] as const) {
    o.push(`<ellipse cx="${x}" cy="${y}" rx="16" ry="5" fill="#fff7e0"/>`);
  }
  o.push(
    `<line x1="${BX1}" y1="${BY2 - 3}" x2="${BX2}" y2="${BY2 - 3}" stroke="#ffffff" stroke-width="6"/>`,
  );
}

function living(p: Finish): string[] {
  const o = [
    '<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#bcd7ee"/><stop offset="1" stop-color="#eaf2f8"/></linearGradient>' +
      '<linearGradient id="sun" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff6dc" stop-opacity=".55"/><stop offset="1" stop-color="#fff6dc" stop-opacity="0"/></linearGradient></defs>',
  ];
  shell(p, o);
  // Window with a view of towers and trees.
  o.push('<rect x="420" y="190" width="440" height="290" fill="url(#sky)"/>');
  o.push(
    '<g fill="#9fb8cf" opacity=".7"><rect x="440" y="330" width="40" height="150"/><rect x="490" y="300" width="34" height="180"/><rect x="770" y="320" width="44" height="160"/></g>',
  );
  o.push(
    '<g fill="#8fb98a"><circle cx="560" cy="450" r="40"/><circle cx="620" cy="440" r="46"/><circle cx="690" cy="452" r="38"/><circle cx="740" cy="446" r="34"/></g>',
  );
  o.push(
    '<rect x="420" y="190" width="440" height="290" fill="none" stroke="#ffffff" stroke-width="10"/>',
  );
  o.push('<path d="M640 190 V480 M420 400 H860" stroke="#ffffff" stroke-width="6"/>');
  // Curtains.
  for (const x of [380, 858]) {
    o.push(`<rect x="${x}" y="176" width="42" height="384" fill="${p.cab2}"/>`);
    o.push(
      `<path d="M${x + 10} 176 V560 M${x + 22} 176 V560 M${x + 33} 176 V560" stroke="${p.side}" stroke-width="2"/>`,
    );
  }
  o.push(`<line x1="370" y1="176" x2="910" y2="176" stroke="${p.metal}" stroke-width="4"/>`);
  // Sunlight on the floor.
  o.push('<polygon points="440,560 840,560 980,800 300,800" fill="url(#sun)"/>');
  // Left wall: a framed picture.
  let [x1, x2] = [100, 220];
  o.push(
    `<polygon points="${x1},260 ${x2},${yAt0(x2, 260, x1)} ${x2},${yAt0(x2, 440, x1)} ${x1},440" fill="#ffffff" stroke="${p.wood}" stroke-width="6"/>`,
  );
  o.push(
    `<polygon points="${x1 + 18},${yAt0(x1 + 18, 290, x1)} ${x2 - 16},${yAt0(x2 - 16, 290, x1)} ${x2 - 16},${yAt0(x2 - 16, 410, x1)} ${x1 + 18},${yAt0(x1 + 18, 410, x1)}" fill="${p.accent}" opacity=".35"/>`,
  );
  // Right wall: stone feature wall and TV.
  [x1, x2] = [1240, 1040];
  o.push(
    `<polygon points="${x2},${yAt0(x2, 200, x1)} ${x1},200 ${x1},640 ${x2},${yAt0(x2, 640, x1)}" fill="${p.stone}"/>`,
  );
  for (let k = 0; k < 5; k++) {
    const ya = 230 + k * 90;
    o.push(
      `<path d="M${x2} ${yAt0(x2, ya, x1)} Q1140 ${ya + 20} ${x1} ${ya + 40}" stroke="${p.vein}" stroke-width="3" fill="none"/>`,
    );
  }
  [x1, x2] = [1200, 1080];
  o.push(
    `<polygon points="${x2},${yAt0(x2, 300, x1)} ${x1},300 ${x1},470 ${x2},${yAt0(x2, 470, x1)}" fill="${p.dark}"/>`,
  );
  o.push(
    `<polygon points="${x2 - 10},${yAt0(x2 - 10, 560, x1)} ${x1 + 20},560 ${x1 + 20},610 ${x2 - 10},${yAt0(x2 - 10, 610, x1)}" fill="${p.wood}"/>`,
  );
  // Rug, sofa, table.
  o.push(`<polygon points="380,600 900,600 1010,720 270,720" fill="${p.rug}"/>`);
  o.push(`<rect x="440" y="470" width="400" height="58" rx="14" fill="${p.sofa2}"/>`);
  o.push(`<rect x="420" y="516" width="440" height="56" rx="12" fill="${p.sofa}"/>`);
  o.push(
    `<rect x="400" y="490" width="44" height="90" rx="14" fill="${p.sofa2}"/><rect x="836" y="490" width="44" height="90" rx="14" fill="${p.sofa2}"/>`,
  );
  o.push(`<path d="M640 520 V568" stroke="${p.sofa2}" stroke-width="3"/>`);
  o.push(
    `<rect x="470" y="478" width="70" height="44" rx="10" fill="${p.rug}" opacity=".9"/><rect x="742" y="478" width="70" height="44" rx="10" fill="${p.accent}" opacity=".75"/>`,
  );
  o.push(
    `<ellipse cx="640" cy="650" rx="150" ry="30" fill="${p.wood}"/><ellipse cx="640" cy="644" rx="150" ry="30" fill="${p.cab2}"/>`,
  );
  o.push(`<rect x="626" y="662" width="28" height="40" fill="${p.wood}"/>`);
  o.push(
    `<rect x="600" y="626" width="46" height="8" rx="2" fill="${p.accent}"/><circle cx="690" cy="632" r="9" fill="#ffffff"/>`,
  );
  // Floor lamp and plant.
  o.push(
    `<line x1="948" y1="330" x2="948" y2="600" stroke="${p.metal}" stroke-width="5"/><ellipse cx="948" cy="602" rx="24" ry="6" fill="${p.metal}"/>`,
  );
  o.push(
    `<path d="M918 330 H978 L966 290 H930 Z" fill="#fff4d8" stroke="${p.metal}" stroke-width="2"/>`,
  );
  o.push(`<path d="M326 600 H370 L362 540 H334 Z" fill="${p.wood}"/>`);
  o.push(
    '<g fill="#6f9e63"><ellipse cx="336" cy="512" rx="12" ry="32" transform="rotate(-20 336 512)"/><ellipse cx="360" cy="506" rx="12" ry="36" transform="rotate(18 360 506)"/><ellipse cx="348" cy="496" rx="10" ry="38"/></g>',
  );
  return o;
}

function kitchen(p: Finish): string[] {
  const o: string[] = [];
  shell(p, o);
  // Upper cabinets, hood, backsplash, counter, lower cabinets.
  o.push(
    `<rect x="320" y="170" width="640" height="126" fill="${p.cab}" stroke="${p.cab2}" stroke-width="3"/>`,
  );
  for (const x of range(400, 960, 80)) {
    o.push(`<line x1="${x}" y1="170" x2="${x}" y2="296" stroke="${p.cab2}" stroke-width="3"/>`);
  }
  o.push(
    `<rect x="600" y="170" width="80" height="126" fill="${p.metal}"/><polygon points="590,296 690,296 680,318 600,318" fill="${p.metal}"/>`,
  );
  o.push(`<rect x="320" y="318" width="640" height="116" fill="${p.stone}"/>`);
  for (const y of [347, 376, 405]) {
    o.push(`<line x1="320" y1="${y}" x2="960" y2="${y}" stroke="${p.vein}" stroke-width="1.5"/>`);
  }
  for (const x of range(360, 960, 58)) {
    o.push(
      `<line x1="${x}" y1="318" x2="${x}" y2="434" stroke="${p.vein}" stroke-width="1.5" opacity=".7"/>`,
    );
  }
  o.push(
    `<rect x="310" y="432" width="660" height="16" fill="${p.stone}" stroke="${p.vein}" stroke-width="2"/>`,
  );
  o.push(
    `<rect x="320" y="448" width="640" height="108" fill="${p.cab}" stroke="${p.cab2}" stroke-width="3"/>`,
  );
  for (const x of range(400, 960, 80)) {
    o.push(`<line x1="${x}" y1="448" x2="${x}" y2="556" stroke="${p.cab2}" stroke-width="3"/>`);
    o.push(
      `<line x1="${x - 52}" y1="462" x2="${x - 28}" y2="462" stroke="${p.metal}" stroke-width="4" stroke-linecap="round"/>`,
    );
  }
  // Cooktop, faucet, kettle, jars.
  o.push(`<rect x="596" y="426" width="88" height="8" fill="${p.dark}"/>`);
  o.push(
    `<path d="M420 432 V404 Q420 392 432 392 H444" stroke="${p.metal}" stroke-width="5" fill="none"/>`,
  );
  o.push(
    `<rect x="800" y="396" width="22" height="36" rx="4" fill="${p.accent}" opacity=".8"/><rect x="830" y="404" width="18" height="28" rx="4" fill="#ffffff"/>`,
  );
  // Right wall: tall cabinets and fridge.
  let [x1, x2] = [1250, 1000];
  o.push(
    `<polygon points="${x2},${yAt0(x2, 160, x1)} ${x1},160 ${x1},740 ${x2},${yAt0(x2, 740, x1)}" fill="${p.cab}" stroke="${p.cab2}" stroke-width="3"/>`,
  );
  for (const xx of [1080, 1165]) {
    o.push(
      `<line x1="${xx}" y1="${yAt0(xx, 160, x1)}" x2="${xx}" y2="${yAt0(xx, 740, x1)}" stroke="${p.cab2}" stroke-width="3"/>`,
    );
  }
  for (const xx of [1070, 1155, 1238]) {
    o.push(
      `<line x1="${xx}" y1="${yAt0(xx, 400, x1)}" x2="${xx}" y2="${yAt0(xx, 470, x1)}" stroke="${p.metal}" stroke-width="4"/>`,
    );
  }
  // Left wall: open shelves with dishes.
  [x1, x2] = [60, 250];
  for (const yy of [260, 340]) {
    o.push(
      `<polygon points="${x1},${yy} ${x2},${yAt0(x2, yy, x1)} ${x2},${f0(yAt(x2, yy, x1) + 10)} ${x1},${yy + 12}" fill="${p.wood}"/>`,
    );
  }
  for (const [cx, yy] of [
    [100, 240],
    [150, 246],
    [200, 252],
    [110, 320],
    [180, 328],
  ] as const) {
    o.push(
      `<ellipse cx="${cx}" cy="${yy}" rx="16" ry="20" fill="#ffffff" stroke="${p.cab2}" stroke-width="2"/>`,
    );
  }
  // Window light on the floor.
  o.push('<polygon points="380,560 900,560 1010,800 270,800" fill="#fff6dc" opacity=".18"/>');
  // Pendants.
  for (const x of [520, 640, 760]) {
    o.push(`<line x1="${x}" y1="0" x2="${x}" y2="330" stroke="${p.dark}" stroke-width="2"/>`);
    o.push(
      `<path d="M${x - 30} 362 Q${x - 30} 330 ${x} 330 Q${x + 30} 330 ${x + 30} 362 Z" fill="${p.accent}"/>`,
    );
    o.push(`<ellipse cx="${x}" cy="364" rx="22" ry="5" fill="#fff4d8"/>`);
  }
  // Island.
  o.push(`<polygon points="370,596 910,596 980,646 300,646" fill="${p.stone}"/>`);
  o.push(
    `<polygon points="370,596 910,596 980,646 300,646" fill="none" stroke="${p.vein}" stroke-width="2"/>`,
  );
  o.push(`<rect x="300" y="646" width="680" height="118" fill="${p.cab2}"/>`);
  o.push(`<rect x="300" y="646" width="680" height="14" fill="${p.stone}"/>`);
  o.push(
    `<path d="M420 610 Q500 630 600 612 M700 620 Q800 640 880 620" stroke="${p.vein}" stroke-width="2" fill="none"/>`,
  );
  o.push(
    `<ellipse cx="720" cy="612" rx="40" ry="8" fill="#ffffff" stroke="${p.cab2}"/><circle cx="712" cy="606" r="7" fill="#e58f4f"/><circle cx="728" cy="606" r="7" fill="#9cc36e"/>`,
  );
  // Stools.
  for (const x of [440, 640, 840]) {
    o.push(
      `<line x1="${x - 22}" y1="720" x2="${x - 30}" y2="800" stroke="${p.dark}" stroke-width="5"/><line x1="${x + 22}" y1="720" x2="${x + 30}" y2="800" stroke="${p.dark}" stroke-width="5"/>`,
    );
    o.push(`<ellipse cx="${x}" cy="716" rx="44" ry="12" fill="${p.wood}"/>`);
  }
  return o;
}

/** The rooms drawn for a unit type's images, in order. */
export const ROOMS = [living, kitchen];

/** One living room and one kitchen per unit type of content.interiors. */
export function drawInteriors(content: Content): ArtworkFile[] {
  return content.interiors.flatMap((interior, i) => {
    const finish = FINISHES[i % FINISHES.length]!;
    return interior.images.flatMap((image, j) => {
      if (!svgImages([image]).length) return [];
      const room = ROOMS[j % ROOMS.length]!(finish);
      const svg = [
        `<svg xmlns="http://www.w3.org/2000/svg" width="${image.width}" height="${image.height}" viewBox="0 0 ${W} ${H}">`,
        ...room,
        "</svg>",
      ];
      return [{ path: image.src, svg: svg.join("\n") + "\n" }];
    });
  });
}

/**
 * A small isometric drawing kit for the home page artwork (home-art.ts): world coordinates in
 * metres (x east, y south, z up) projected to SVG units, boxes with window patterns on their
 * faces, trees, ground shapes. Output is plain SVG text with no <text> elements (no font is needed
 * when the pipeline rasterises it), and a seeded random source keeps every run identical.
 */

export type P3 = [number, number, number];

const COS = Math.cos(Math.PI / 6);
const SIN = 0.5;

/** Deterministic pseudo-random numbers (mulberry32). */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min: number, max: number) => min + next() * (max - min),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  };
}

const r1 = (n: number) => (Math.round(n * 10) / 10).toString();

export type Faces = { top: string; south: string; east: string };

export type BoxOptions = {
  faces: Faces;
  /** Window pattern ids for the south and east faces (defined with `windowPattern`). */
  windows?: { south?: string; east?: string };
  /** Lit windows: share of windows lit, their colour, and the storey/bay size. */
  lit?: { share: number; color: string; storey: number; bay: number; seed: number };
  /** A thin line along the roof edge (a lit crown). */
  crown?: string;
  stroke?: string;
};

export class IsoCanvas {
  private out: string[] = [];
  private defs: string[] = [];
  constructor(
    /** SVG units per metre. */
    readonly scale: number,
  ) {}

  /** Screen position of a world point. */
  p([x, y, z]: P3): [number, number] {
    return [(x - y) * COS * this.scale, (x + y) * SIN * this.scale - z * this.scale];
  }

  private pts(points: P3[]): string {
    return points
      .map((pt, i) => {
        const [sx, sy] = this.p(pt);
        return `${i ? "L" : "M"}${r1(sx)} ${r1(sy)}`;
      })
      .join("");
  }

  add(svg: string) {
    this.out.push(svg);
  }
  def(svg: string) {
    this.defs.push(svg);
  }

  poly(points: P3[], fill: string, extra = "") {
    this.add(`<path d="${this.pts(points)}Z" fill="${fill}"${extra ? " " + extra : ""}/>`);
  }

  line(points: P3[], stroke: string, width: number, extra = "") {
    this.add(
      `<path d="${this.pts(points)}" fill="none" stroke="${stroke}" stroke-width="${r1(width * this.scale)}"${extra ? " " + extra : ""}/>`,
    );
  }

  /** A flat rectangle on the plane z (ground, roofs, water). */
  rect(x: number, y: number, w: number, d: number, z: number, fill: string, extra = "") {
    this.poly(
      [
        [x, y, z],
        [x + w, y, z],
        [x + w, y + d, z],
        [x, y + d, z],
      ],
      fill,
      extra,
    );
  }

  /** An ellipse on the plane z, as a polygon. */
  ellipse(cx: number, cy: number, rx: number, ry: number, z: number, fill: string, extra = "") {
    const points: P3[] = [];
    for (let i = 0; i < 48; i++) {
      const a = (i / 48) * Math.PI * 2;
      points.push([cx + Math.cos(a) * rx, cy + Math.sin(a) * ry, z]);
    }
    this.poly(points, fill, extra);
  }

  /** A smooth closed ground shape through the given plan points (z plane). */
  blob(points: [number, number][], z: number, fill: string, extra = "") {
    const sp = points.map(([x, y]) => this.p([x, y, z]));
    const n = sp.length;
    let d = "";
    for (let i = 0; i < n; i++) {
      const p0 = sp[(i - 1 + n) % n]!;
      const p1 = sp[i]!;
      const p2 = sp[(i + 1) % n]!;
      const p3 = sp[(i + 2) % n]!;
      if (i === 0) d += `M${r1(p1[0])} ${r1(p1[1])}`;
      const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
      const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
      d += `C${r1(c1[0]!)} ${r1(c1[1]!)} ${r1(c2[0]!)} ${r1(c2[1]!)} ${r1(p2[0])} ${r1(p2[1])}`;
    }
    this.add(`<path d="${d}Z" fill="${fill}"${extra ? " " + extra : ""}/>`);
  }

  /**
   * A window pattern for a facade, in facade coordinates (metres; u along the facade, v down from
   * the roof): one storey tall, one bay wide.
   */
  windowPattern(id: string, o: { storey: number; bay: number; glass: string; frame?: string }) {
    const { storey, bay } = o;
    const gw = bay * 0.62;
    const gh = storey * 0.52;
    this.def(
      `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${r1(bay)}" height="${r1(storey)}">` +
        (o.frame ? `<rect width="${r1(bay)}" height="${r1(storey)}" fill="${o.frame}"/>` : "") +
        `<rect x="${r1((bay - gw) / 2)}" y="${r1(storey * 0.22)}" width="${r1(gw)}" height="${r1(gh)}" fill="${o.glass}"/>` +
        `</pattern>`,
    );
  }

  /** SVG transform mapping facade coordinates (u along `dir`, v down) at `origin` to the screen. */
  private facade(origin: P3, dir: [number, number]): string {
    const [ox, oy] = this.p(origin);
    const [ux, uy] = this.p([origin[0] + dir[0], origin[1] + dir[1], origin[2]]);
    const [vx, vy] = this.p([origin[0], origin[1], origin[2] - 1]);
    const f = (n: number) => Number(n.toFixed(4)).toString();
    return `matrix(${f(ux - ox)} ${f(uy - oy)} ${f(vx - ox)} ${f(vy - oy)} ${r1(ox)} ${r1(oy)})`;
  }

  /** A box standing on z: top, south and east faces, with optional windows and lit windows. */
  box(x: number, y: number, z: number, w: number, d: number, h: number, o: BoxOptions) {
    const t = z + h;
    const stroke = o.stroke
      ? ` stroke="${o.stroke}" stroke-width="${r1(0.15 * this.scale)}" stroke-linejoin="round"`
      : "";
    // South face (y + d), seen on the left; east face (x + w), seen on the right.
    const south: P3[] = [
      [x, y + d, t],
      [x + w, y + d, t],
      [x + w, y + d, z],
      [x, y + d, z],
    ];
    const east: P3[] = [
      [x + w, y + d, t],
      [x + w, y, t],
      [x + w, y, z],
      [x + w, y + d, z],
    ];
    this.poly(south, o.faces.south, stroke.trim());
    this.poly(east, o.faces.east, stroke.trim());
    const faces: { key: "south" | "east"; origin: P3; dir: [number, number]; width: number }[] = [
      { key: "south", origin: [x, y + d, t], dir: [1, 0], width: w },
      { key: "east", origin: [x + w, y + d, t], dir: [0, -1], width: d },
    ];
    for (const f of faces) {
      const pattern = o.windows?.[f.key];
      const m = this.facade(f.origin, f.dir);
      if (pattern) {
        this.add(
          `<rect transform="${m}" width="${r1(f.width)}" height="${r1(h)}" fill="url(#${pattern})"/>`,
        );
      }
      if (o.lit && o.lit.share > 0) {
        const rnd = random(o.lit.seed + (f.key === "east" ? 7 : 0));
        const { storey, bay } = o.lit;
        const cols = Math.floor(f.width / bay);
        const rows = Math.floor(h / storey);
        const gw = bay * 0.62;
        const gh = storey * 0.52;
        const lit: string[] = [];
        for (let r = 1; r < rows; r++) {
          for (let c = 0; c < cols; c++) {
            if (rnd.next() < o.lit.share)
              lit.push(
                `<rect x="${r1(c * bay + (bay - gw) / 2)}" y="${r1(r * storey + storey * 0.22)}" width="${r1(gw)}" height="${r1(gh)}"/>`,
              );
          }
        }
        if (lit.length) this.add(`<g transform="${m}" fill="${o.lit.color}">${lit.join("")}</g>`);
      }
    }
    this.poly(
      [
        [x, y, t],
        [x + w, y, t],
        [x + w, y + d, t],
        [x, y + d, t],
      ],
      o.faces.top,
      stroke.trim(),
    );
    if (o.crown) {
      this.line(
        [
          [x, y + d, t],
          [x + w, y + d, t],
          [x + w, y, t],
        ],
        o.crown,
        0.5,
        'stroke-linejoin="round"',
      );
    }
  }

  /** A round-crowned tree: trunk and two-tone canopy. */
  tree(x: number, y: number, z: number, size: number, colors: { dark: string; light: string }) {
    const [bx, by] = this.p([x, y, z]);
    const s = this.scale * size;
    this.add(
      `<ellipse cx="${r1(bx)}" cy="${r1(by)}" rx="${r1(s * 0.9)}" ry="${r1(s * 0.45)}" fill="#000" opacity=".18"/>` +
        `<path d="M${r1(bx)} ${r1(by)}V${r1(by - s * 1.1)}" stroke="#3b2f25" stroke-width="${r1(Math.max(1, s * 0.18))}"/>` +
        `<circle cx="${r1(bx)}" cy="${r1(by - s * 1.45)}" r="${r1(s * 0.95)}" fill="${colors.dark}"/>` +
        `<circle cx="${r1(bx - s * 0.28)}" cy="${r1(by - s * 1.7)}" r="${r1(s * 0.5)}" fill="${colors.light}"/>`,
    );
  }

  /** A small glowing light (street lamp, car light) at a world point. */
  glow(x: number, y: number, z: number, radius: number, color: string, opacity = 0.9) {
    const [sx, sy] = this.p([x, y, z]);
    this.add(
      `<circle cx="${r1(sx)}" cy="${r1(sy)}" r="${r1(radius * 3)}" fill="${color}" opacity="${(opacity * 0.18).toFixed(2)}"/>` +
        `<circle cx="${r1(sx)}" cy="${r1(sy)}" r="${r1(radius)}" fill="${color}" opacity="${opacity}"/>`,
    );
  }

  /** The drawing as an SVG document cropped to a view box (in screen units) at a pixel size. */
  svg(
    view: { x: number; y: number; w: number; h: number },
    size: { width: number; height: number },
    background: string,
    title: string,
  ): string {
    return [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="${r1(view.x)} ${r1(view.y)} ${r1(view.w)} ${r1(view.h)}" preserveAspectRatio="xMidYMid slice">`,
      `<title>${title}</title>`,
      `<defs>${this.defs.join("")}</defs>`,
      background,
      ...this.out,
      "</svg>",
      "",
    ].join("\n");
  }
}

import { describe, expect, it } from "vitest";
import { outlineSvgText, pretendardFonts } from "./svg-outline";

const fonts = pretendardFonts();
const outline = (body: string) =>
  outlineSvgText(`<svg xmlns="http://www.w3.org/2000/svg">${body}</svg>`, fonts);

/** Bounding box of every outline's points (our paths use M, L, Q, C, Z: numbers come in x y pairs). */
function box(svg: string) {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [, d] of svg.matchAll(/ d="([^"]*)"/g)) {
    const n = (d!.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
    for (let i = 0; i < n.length; i += 2) {
      xs.push(n[i]!);
      ys.push(n[i + 1]!);
    }
  }
  return {
    left: Math.min(...xs),
    right: Math.max(...xs),
    top: Math.min(...ys),
    bottom: Math.max(...ys),
  };
}

describe("outlineSvgText", () => {
  it("replaces every label with paths and leaves no <text>", () => {
    const svg = outline(
      '<text x="10" y="40" font-size="20">거실</text><text x="10" y="80">침실1</text>',
    );
    expect(svg).not.toContain("<text");
    expect(svg.match(/<path /g)).toHaveLength(2);
  });

  it("places a label by its anchor: start at x, middle centred on x, end finishing at x", () => {
    const at = (anchor: string) =>
      box(outline(`<text x="200" y="50" font-size="20" text-anchor="${anchor}">주방/식당</text>`));
    const start = at("start");
    const middle = at("middle");
    const end = at("end");
    expect(start.left).toBeGreaterThanOrEqual(200);
    expect(start.left).toBeLessThan(203);
    expect((middle.left + middle.right) / 2).toBeCloseTo(200, 0);
    expect(end.right).toBeLessThanOrEqual(200);
    expect(end.right).toBeGreaterThan(197);
  });

  it("takes the anchor and size a group gives its labels", () => {
    const inherited = box(
      outline('<g text-anchor="end" font-size="30"><text x="300" y="60">욕실</text></g>'),
    );
    const own = box(outline('<text x="300" y="60" text-anchor="end" font-size="30">욕실</text>'));
    expect(inherited).toEqual(own);
  });

  it("draws a label twice as large at twice the font size, sitting on the baseline", () => {
    const small = box(outline('<text x="0" y="100" font-size="20">발코니</text>'));
    const large = box(outline('<text x="0" y="100" font-size="40">발코니</text>'));
    expect((large.right - large.left) / (small.right - small.left)).toBeCloseTo(2, 1);
    expect((large.bottom - large.top) / (small.bottom - small.top)).toBeCloseTo(2, 1);
    expect(small.bottom).toBeLessThanOrEqual(102);
    expect(small.top).toBeGreaterThan(100 - 20);
  });

  it("spreads letters by letter-spacing and draws bolder weights with a different font", () => {
    const plain = box(outline('<text x="0" y="50" font-size="20">TYPE</text>'));
    const spaced = box(outline('<text x="0" y="50" font-size="20" letter-spacing="4">TYPE</text>'));
    expect(spaced.right - plain.right).toBeCloseTo(12, 0);
    expect(outline('<text y="20" font-weight="800">가</text>')).not.toBe(
      outline('<text y="20">가</text>'),
    );
  });

  it("keeps paint and placement attributes and lays a tspan out after the text before it", () => {
    const svg = outline(
      '<text x="52" y="66" font-size="40" fill="#0f1f3d" stroke="#fff" paint-order="stroke" transform="rotate(-90 52 66)">96A<tspan font-size="15" fill="#84642f" dx="8">TYPE</tspan></text>',
    );
    expect(svg).toMatch(
      /^<svg[^>]*><g fill="#0f1f3d" stroke="#fff" paint-order="stroke" transform="rotate\(-90 52 66\)"><path d="[^"]+"\/><path d="[^"]+" fill="#84642f"\/><\/g><\/svg>$/,
    );
    const [first, second] = [...svg.matchAll(/ d="([^"]*)"/g)].map((m) => box(` d="${m[1]}"`));
    expect(second!.left).toBeGreaterThan(first!.right + 8);
  });

  it("writes well-formed path data, also where a coordinate rounds to zero from below", () => {
    // opentype.js's own toPathData wrote "64.70" for 64.7 followed by -0.02: labels lost letters.
    const svg = outline('<text x="32" y="4" font-size="15" font-weight="600">공원 · 녹지</text>');
    const d = / d="([^"]*)"/.exec(svg)![1]!;
    for (const n of d.match(/[\d.-]+/g)!) expect(n).toMatch(/^-?\d+(\.\d)?$/);
    expect(box(svg).right).toBeGreaterThan(32 + 55);
  });

  it("stops the build on a character the font cannot draw", () => {
    expect(() => outline('<text y="20">\u{1F600}</text>')).toThrow(/Pretendard/);
  });
});

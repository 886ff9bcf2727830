/**
 * Turns every `<text>` of an SVG drawing into outlined `<path>`s drawn with Pretendard, so the
 * drawing shows its labels on a device without a Korean font (an <img> cannot use the page's web
 * font). The source SVGs stay editable text; only the built copies are outlined
 * (docs/decisions/013-outlined-text-in-drawings.md).
 *
 * Handles what our drawings use: x/y, text-anchor (start/middle/end, also inherited from a <g>),
 * font-size, font-weight, letter-spacing, and one level of <tspan> with dx/dy, x/y and its own
 * font and paint attributes. Paint attributes (fill, stroke, paint-order, transform…) stay on the
 * element that replaces the text, and inherited ones still apply because it keeps its place.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import opentype, { type Font, type Path } from "opentype.js";

/** Attributes that only mean something to text; everything else is kept on the outline. */
const TEXT_ONLY = new Set([
  "x",
  "y",
  "dx",
  "dy",
  "font-family",
  "font-size",
  "font-weight",
  "font-style",
  "text-anchor",
  "letter-spacing",
  "dominant-baseline",
  "xml:space",
]);
/** Text properties a child inherits from its ancestors. */
const INHERITED = ["font-size", "font-weight", "text-anchor", "letter-spacing"] as const;

type Attrs = Record<string, string>;
type FontFor = (weight: number) => Font;

const WEIGHT_NAMES: Record<number, string> = {
  100: "Thin",
  200: "ExtraLight",
  300: "Light",
  400: "Regular",
  500: "Medium",
  600: "SemiBold",
  700: "Bold",
  800: "ExtraBold",
  900: "Black",
};

/** Pretendard's static weights from node_modules/pretendard, each parsed once. */
export function pretendardFonts(): FontFor {
  const require = createRequire(import.meta.url);
  const dir = join(require.resolve("pretendard/package.json"), "..", "dist/public/static");
  const cache = new Map<number, Font>();
  return (weight) => {
    const nearest = Math.min(900, Math.max(100, Math.round(weight / 100) * 100));
    let font = cache.get(nearest);
    if (!font) {
      const buffer = readFileSync(join(dir, `Pretendard-${WEIGHT_NAMES[nearest]}.otf`));
      font = opentype.parse(
        buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength),
      );
      cache.set(nearest, font);
    }
    return font;
  };
}

function parseAttrs(tag: string): Attrs {
  const attrs: Attrs = {};
  for (const m of tag.matchAll(/([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g))
    attrs[m[1]!] = m[2] ?? m[3] ?? "";
  return attrs;
}

function decode(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}

function escapeAttr(value: string) {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

function keptAttrs(attrs: Attrs): string {
  return Object.entries(attrs)
    .filter(([name]) => !TEXT_ONLY.has(name))
    .map(([name, value]) => ` ${name}="${escapeAttr(value)}"`)
    .join("");
}

function weightOf(value: string | undefined): number {
  if (!value || value === "normal") return 400;
  if (value === "bold") return 700;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`알 수 없는 font-weight: ${value}`);
  return n;
}

const num = (value: string | undefined, fallback: number) =>
  value === undefined ? fallback : parseFloat(value.trim().split(/[\s,]+/)[0] ?? "");

/** One decimal place: a tenth of a drawing unit, finer than a pixel at the viewer's largest zoom. */
const coord = (v: number) => {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? "0" : String(r);
};

/**
 * SVG path data of a glyph run. Written here rather than with opentype.js's toPathData, which joins
 * a small negative number that rounds to 0 onto the number before it ("64.7" + "0" → "64.70").
 */
function pathData(path: Path): string {
  return path.commands
    .map((c) => {
      switch (c.type) {
        case "M":
        case "L":
          return `${c.type}${coord(c.x)} ${coord(c.y)}`;
        case "Q":
          return `Q${coord(c.x1)} ${coord(c.y1)} ${coord(c.x)} ${coord(c.y)}`;
        case "C":
          return `C${coord(c.x1)} ${coord(c.y1)} ${coord(c.x2)} ${coord(c.y2)} ${coord(c.x)} ${coord(c.y)}`;
        default:
          return "Z";
      }
    })
    .join("");
}

type Run = { text: string; attrs: Attrs; style: Attrs };

/** Outlines one <text> element (its opening tag's attributes, inherited style, inner markup). */
function outlineElement(
  textAttrs: Attrs,
  inherited: Attrs,
  inner: string,
  fontFor: FontFor,
): string {
  const style: Attrs = { ...inherited };
  for (const name of INHERITED) if (textAttrs[name] !== undefined) style[name] = textAttrs[name];
  const runs: Run[] = [];
  let rest = inner;
  while (rest) {
    const m = /<tspan\b([^>]*)>([\s\S]*?)<\/tspan>/.exec(rest);
    const before = m ? rest.slice(0, m.index) : rest;
    if (before) runs.push({ text: before, attrs: {}, style });
    if (!m) break;
    const attrs = parseAttrs(m[1] ?? "");
    const own: Attrs = { ...style };
    for (const name of INHERITED) if (attrs[name] !== undefined) own[name] = attrs[name];
    runs.push({ text: m[2] ?? "", attrs, style: own });
    rest = rest.slice(m.index + m[0].length);
  }
  // White space as SVG treats it by default: line breaks and runs of spaces become one space,
  // leading and trailing space of the whole element disappear.
  const texts = runs.map((r) => decode(r.text.replace(/<[^>]*>/g, "")).replace(/\s+/g, " "));
  if (texts.length) {
    texts[0] = texts[0]!.trimStart();
    texts[texts.length - 1] = texts[texts.length - 1]!.trimEnd();
  }

  // Lay the runs out from the start, then shift each chunk (a new one starts at an absolute x)
  // by its anchor.
  let x = num(textAttrs.x, 0) + num(textAttrs.dx, 0);
  let y = num(textAttrs.y, 0) + num(textAttrs.dy, 0);
  type Placed = {
    run: Run;
    text: string;
    x: number;
    y: number;
    size: number;
    font: Font;
    spacing: number;
  };
  const chunks: { anchor: string; start: number; end: number; placed: Placed[] }[] = [];
  runs.forEach((run, i) => {
    const a = run.attrs;
    const newChunk = i === 0 || a.x !== undefined;
    if (a.x !== undefined) x = num(a.x, x);
    if (a.y !== undefined) y = num(a.y, y);
    x += num(a.dx, 0);
    y += num(a.dy, 0);
    if (newChunk)
      chunks.push({ anchor: run.style["text-anchor"] ?? "start", start: x, end: x, placed: [] });
    const chunk = chunks[chunks.length - 1]!;
    const size = num(run.style["font-size"], 16);
    const font = fontFor(weightOf(run.style["font-weight"]));
    const spacing = num(run.style["letter-spacing"], 0);
    const text = texts[i] ?? "";
    for (const ch of text) {
      if (font.charToGlyphIndex(ch) === 0 && ch.trim()) {
        throw new Error(`Pretendard에 없는 글자라 윤곽으로 바꿀 수 없습니다: "${ch}" (${text})`);
      }
    }
    chunk.placed.push({ run, text, x, y, size, font, spacing });
    x += font.getAdvanceWidth(text, size, { letterSpacing: spacing / size });
    chunk.end = x;
  });

  const paths: string[] = [];
  for (const chunk of chunks) {
    const width = chunk.end - chunk.start;
    const shift = chunk.anchor === "middle" ? -width / 2 : chunk.anchor === "end" ? -width : 0;
    for (const p of chunk.placed) {
      if (!p.text.trim()) continue;
      const d = pathData(
        p.font.getPath(p.text, p.x + shift, p.y, p.size, { letterSpacing: p.spacing / p.size }),
      );
      paths.push(`<path d="${d}"${keptAttrs(p.run.attrs)}/>`);
    }
  }
  return `<g${keptAttrs(textAttrs)}>${paths.join("")}</g>`;
}

/** The SVG with every <text> replaced by outlined paths. */
export function outlineSvgText(svg: string, fontFor: FontFor): string {
  const stack: Attrs[] = [{}];
  let out = "";
  let last = 0;
  const token =
    /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<(\/?)([\w:-]+)([^>]*?)(\/?)>/g;
  let m: RegExpExecArray | null;
  while ((m = token.exec(svg))) {
    const [, closing, name, rawAttrs, selfClosing] = m;
    if (!name) continue;
    if (closing) {
      stack.pop();
      continue;
    }
    const attrs = parseAttrs(rawAttrs ?? "");
    const parent = stack[stack.length - 1] ?? {};
    if (name === "text") {
      const end = svg.indexOf("</text>", token.lastIndex);
      if (end < 0) throw new Error("닫히지 않은 <text> 요소가 있습니다.");
      const inner = selfClosing ? "" : svg.slice(token.lastIndex, end);
      out += svg.slice(last, m.index) + outlineElement(attrs, parent, inner, fontFor);
      last = token.lastIndex = selfClosing ? token.lastIndex : end + "</text>".length;
      continue;
    }
    if (selfClosing) continue;
    const style: Attrs = { ...parent };
    for (const prop of INHERITED) if (attrs[prop] !== undefined) style[prop] = attrs[prop];
    stack.push(style);
  }
  return out + svg.slice(last);
}

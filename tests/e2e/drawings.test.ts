import { readFileSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DRAWING_MAX_ZOOM, DRAWING_MIN_LABEL_PX } from "~/lib/drawing-zoom";
import { launchBrowser } from "./support/browser";
import { startServer, type RunningServer } from "./support/server";

/*
 * Drawings are <img>s, which cannot use the page's web font: on a machine without a Korean font
 * (this one, a crawler, a share-preview renderer) any <text> would be a row of boxes. The build
 * outlines the text (scripts/svg-outline.ts). Each built drawing is rendered here as an <img> and
 * compared, label by label, with the same drawing with its text removed (the label must be there)
 * and with the source drawn inline with Pretendard as a web font (the label must be the right glyphs,
 * not boxes).
 */

const SRC = "assets/images";
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
/** Vector drawings with labels (photo/ is rasterised, and checked by its own build step). */
const DRAWINGS = walk(SRC)
  .filter((f) => f.endsWith(".svg") && !f.startsWith(join(SRC, "photo")))
  .filter((f) => readFileSync(f, "utf8").includes("<text"))
  .map((f) => relative(SRC, f));

const fontDir = join(
  createRequire(import.meta.url).resolve("pretendard/package.json"),
  "..",
  "dist/public/static",
);
const WEIGHTS = {
  400: "Regular",
  500: "Medium",
  600: "SemiBold",
  700: "Bold",
  800: "ExtraBold",
  900: "Black",
};
const FONT_FACES = Object.entries(WEIGHTS)
  .map(
    ([weight, name]) =>
      `@font-face{font-family:Ref;font-weight:${weight};src:url(http://fonts.test/${name}.otf)}`,
  )
  .join("");

let server: RunningServer;
let browser: Browser;
let page: Page;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  page = await browser.newPage({ deviceScaleFactor: 1 });
  await page.route("http://fonts.test/*", (route) =>
    route.fulfill({
      body: readFileSync(join(fontDir, `Pretendard-${route.request().url().split("/").pop()}`)),
    }),
  );
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Gray = { data: Buffer; width: number };
async function shot(html: string, width: number, height: number): Promise<Gray> {
  await page.setViewportSize({ width, height });
  await page.setContent(`<!doctype html><style>${FONT_FACES}*{margin:0}body{background:#fff}
    svg text,svg tspan{font-family:Ref!important}img,svg{display:block}</style>${html}`);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all([...document.images].map((img) => img.decode()));
  });
  const png = await page.screenshot({ clip: { x: 0, y: 0, width, height } });
  const { data, info } = await sharp(png)
    .removeAlpha()
    .toColourspace("b-w")
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect(info.channels).toBe(1);
  return { data, width: info.width };
}

type Rect = { x: number; y: number; width: number; height: number };
/** Mean absolute difference (0–255) of two renders inside a rectangle, `b` moved by (dx, dy). */
function diff(a: Gray, b: Gray, r: Rect, dx = 0, dy = 0) {
  let sum = 0;
  let n = 0;
  for (let y = Math.floor(r.y); y < Math.ceil(r.y + r.height); y++) {
    for (let x = Math.floor(r.x); x < Math.ceil(r.x + r.width); x++) {
      sum += Math.abs(a.data[y * a.width + x]! - (b.data[(y + dy) * b.width + x + dx] ?? 255));
      n++;
    }
  }
  return n ? sum / n : 0;
}
/** The smallest difference with `b` moved by up to a pixel: text and outlines snap differently. */
const nearDiff = (a: Gray, b: Gray, r: Rect) =>
  Math.min(...[-1, 0, 1].flatMap((dx) => [-1, 0, 1].map((dy) => diff(a, b, r, dx, dy))));

const svgSize = (svg: string) => {
  const m = /<svg[^>]*\bwidth="([\d.]+)"[^>]*\bheight="([\d.]+)"/.exec(svg);
  if (!m) throw new Error("SVG without width/height");
  return { width: Math.ceil(Number(m[1])), height: Math.ceil(Number(m[2])) };
};
const dataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;

describe("drawings show their labels without a Korean system font", () => {
  test("there are drawings with labels to check", () => {
    expect(DRAWINGS).toEqual(expect.arrayContaining(["floorplans/84a.svg", "plans/site-plan.svg"]));
  });

  test.each(DRAWINGS)("%s: every label is drawn, with the right glyphs", async (drawing) => {
    const built = await (await fetch(`${server.url}/img/${drawing}`)).text();
    expect(built).toMatch(/^<svg/);
    expect(built).not.toContain("<text");

    const source = readFileSync(join(SRC, drawing), "utf8");
    const { width, height } = svgSize(source);
    const withoutText = source.replace(/<text\b[\s\S]*?<\/text>/g, "");

    const reference = await shot(source, width, height);
    const labels = await page.evaluate(() =>
      [...document.querySelectorAll("svg text")]
        .map((t) => {
          const r = t.getBoundingClientRect();
          const size = parseFloat(getComputedStyle(t).fontSize);
          return {
            text: t.textContent ?? "",
            size,
            x: r.x,
            y: r.y,
            width: r.width,
            height: r.height,
          };
        })
        .filter((l) => l.text.trim()),
    );
    expect(labels.length).toBeGreaterThan(0);
    // At the viewer's largest zoom every label is at least 12 px on screen.
    const smallest = Math.min(...labels.map((l) => l.size));
    expect(smallest * DRAWING_MAX_ZOOM).toBeGreaterThanOrEqual(DRAWING_MIN_LABEL_PX);
    const outlined = await shot(`<img src="${server.url}/img/${drawing}">`, width, height);
    const blank = await shot(`<img src="${dataUrl(withoutText)}">`, width, height);

    for (const label of labels) {
      const r = {
        x: Math.max(0, label.x),
        y: Math.max(0, label.y),
        width: Math.min(width, label.x + label.width) - Math.max(0, label.x),
        height: Math.min(height, label.y + label.height) - Math.max(0, label.y),
      };
      const present = diff(outlined, blank, r);
      const mismatch = nearDiff(outlined, reference, r);
      expect(present, `"${label.text}" is missing`).toBeGreaterThan(2);
      // Measured: outlines 0.02–0.36 of `present`; the same drawing as an <img> with <text> and no
      // Korean font (boxes) 1.4–6.
      expect(
        mismatch,
        `"${label.text}" at ${Math.round(r.x)},${Math.round(r.y)} is not Pretendard`,
      ).toBeLessThan(present * 0.6);
    }
  });
});

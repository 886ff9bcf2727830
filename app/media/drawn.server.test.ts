import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, test, vi } from "vitest";
import type { Site } from "~/content/schema";
import { drawnSrc, wordmarkFacts } from "~/sites/drawn-pictures.server";
import { heroOf } from "~/sites/site-pictures.server";
import { ensureDrawn, shareJpeg, wordmarkSvg } from "./drawn.server";
import type { MediaStore } from "./store.server";

/*
 * The pictures drawn from a complex's identity (issue 39, item 2): the wordmark logo and the share
 * image, each from the name, brand and colours given, with no text left for a font to draw.
 */

const facts = wordmarkFacts({
  identity: { name: "힐스테이트 동탄 레이크", brand: "힐스테이트", color: "#1f3b5a" },
  theme: { accent: "#b0662c", accentLight: "#f0c08a" },
});

/** The share of pixels of `png` near `colour` (#rrggbb). */
async function shareOf(png: Buffer, colour: string): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
  let near = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (Math.abs(data[i]! - r!) + Math.abs(data[i + 1]! - g!) + Math.abs(data[i + 2]! - b!) < 40)
      near++;
  }
  return near / (info.width * info.height);
}

describe("the wordmark logo", () => {
  test("is a 180×40 SVG of the name in the complex's colours, its text outlined", async () => {
    const svg = wordmarkSvg(facts);
    expect(svg).toContain('width="180" height="40"');
    expect(svg).toContain("<title>힐스테이트 동탄 레이크</title>");
    expect(svg).not.toContain("<text");
    expect(svg).toContain('fill="#1f3b5a"');
    expect(svg).toContain('stroke="#b0662c"');
    // Drawn: some of it is the main colour, on nothing else.
    const png = await sharp(Buffer.from(svg), { density: 288 })
      .flatten({ background: "#ffffff" })
      .png()
      .toBuffer();
    expect(await shareOf(png, "#1f3b5a")).toBeGreaterThan(0.03);
    // Another name, another drawing.
    expect(wordmarkSvg({ ...facts, name: "힐스테이트 광교 파크" })).not.toBe(svg);
  });

  test("a character Pretendard lacks is left out, not a fault; an empty brand draws the name", () => {
    const svg = wordmarkSvg({ ...facts, name: "힐스테이트 🌊 동탄", brand: "" });
    expect(svg).not.toContain("<text");
    expect(svg).toContain("<path");
  });
});

describe("the share image", () => {
  test("is a 1200×630 JPEG of the hero veiled in the main colour, with the name", async () => {
    const hero = await sharp({
      create: { width: 1920, height: 1200, channels: 3, background: "#c8d2dc" },
    })
      .png()
      .toBuffer();
    const jpeg = await shareJpeg(facts, hero);
    expect(await sharp(jpeg).metadata()).toMatchObject({
      format: "jpeg",
      width: 1200,
      height: 630,
    });
    // White letters on it, and the hero still shows on the right.
    const png = await sharp(jpeg).png().toBuffer();
    expect(await shareOf(png, "#ffffff")).toBeGreaterThan(0.02);
    const right = await sharp(jpeg)
      .extract({ left: 1100, top: 0, width: 100, height: 630 })
      .png()
      .toBuffer();
    expect(await shareOf(right, "#1f3b5a")).toBe(0);
  });

  test("without a hero it is the main colour", async () => {
    const jpeg = await shareJpeg(facts, null);
    const corner = await sharp(jpeg)
      .extract({ left: 1100, top: 560, width: 100, height: 70 })
      .png()
      .toBuffer();
    expect(await shareOf(corner, "#1f3b5a")).toBeGreaterThan(0.9);
  });
});

describe("a publish's share image on a folder's photo hero", () => {
  let folder = "";
  afterEach(() => {
    vi.unstubAllEnvs();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  /** The mean colour of the share image's right edge, where the hero shows through the veil. */
  async function rightEdge(jpeg: Buffer): Promise<{ r: number; g: number; b: number }> {
    const { data, info } = await sharp(jpeg)
      .extract({ left: 1150, top: 0, width: 50, height: 630 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const sum = [0, 0, 0];
    for (let i = 0; i < data.length; i += info.channels)
      for (const c of [0, 1, 2]) sum[c]! += data[i + c]!;
    const n = info.width * info.height;
    return { r: sum[0]! / n, g: sum[1]! / n, b: sum[2]! / n };
  }

  test("is drawn on the build's raster of the hero when it is newer than the file, else on the file", async () => {
    folder = mkdtempSync(join(tmpdir(), "drawn-"));
    vi.stubEnv("ARTWORK_DIR", join(folder, "art"));
    vi.stubEnv("BUILD_DIR", join(folder, "build"));
    // The hero's file is red; the build's JPEG of it (told apart here) is green.
    const svg = join(folder, "art/x/photo/hero.svg");
    mkdirSync(dirname(svg), { recursive: true });
    writeFileSync(
      svg,
      '<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1200"><rect width="1920" height="1200" fill="#e00000"/></svg>',
    );
    const raster = join(folder, "build/client/img/art/x/photo/hero-1920.jpg");
    mkdirSync(dirname(raster), { recursive: true });
    writeFileSync(
      raster,
      await sharp({ create: { width: 1920, height: 1200, channels: 3, background: "#00c000" } })
        .jpeg()
        .toBuffer(),
    );
    const site = {
      id: "x",
      identity: { name: "힐스테이트 동탄 레이크", brand: "힐스테이트", color: "#1f3b5a" },
      theme: { accent: "#b0662c", accentLight: "#f0c08a" },
      home: { hero: { wide: { src: "art/x/photo/hero.svg", width: 1920, height: 1200, alt: "" } } },
      seo: { ogImage: { src: "" } },
    } as unknown as Site;
    site.seo.ogImage.src = drawnSrc("share", wordmarkFacts(site), heroOf(site));
    const drawn = async () => {
      const files = new Map<string, Buffer>();
      const store = {
        has: (key: string) => Promise.resolve(files.has(key)),
        put: (key: string, bytes: Buffer) => Promise.resolve(void files.set(key, bytes)),
      } as unknown as MediaStore;
      await ensureDrawn(site, store);
      return rightEdge(files.get(site.seo.ogImage.src)!);
    };

    const onRaster = await drawn();
    expect(onRaster.g).toBeGreaterThan(onRaster.r + 60);
    // The file changed after the build: its raster is not the hero any more.
    const later = new Date(Date.now() + 60_000);
    utimesSync(svg, later, later);
    const onFile = await drawn();
    expect(onFile.r).toBeGreaterThan(onFile.g + 60);
  });
});

import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { wordmarkFacts } from "~/sites/drawn-pictures.server";
import { shareJpeg, wordmarkSvg } from "./drawn.server";

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

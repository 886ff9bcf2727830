import { describe, expect, test } from "vitest";
import { loadSite, shownSite } from "../../app/sites/registry.server";
import { slotOf } from "../../app/lib/images";
import { homeArtwork, towers } from "./home-art";

const content = shownSite(loadSite("sites/anyang"));

/*
 * The home page artwork is drawn from content at build time: it must show this complex's
 * buildings, fit the sizes content announces, carry no text (no Korean font when it is
 * rasterised), and come out the same on every run.
 */

const art = homeArtwork(content);
// A slot's drawing is at the slot the data names, whether or not a build has drawn it yet.
const svgOf = (src: string) => art.find((a) => a.path === slotOf(src))!.svg;

describe("home artwork", () => {
  test("one tower per building of the unit-position plan, as tall as its floors", () => {
    const buildings = content.infoPages.unitPositions.buildings;
    const placed = towers(content);
    expect(placed.map((t) => [t.name, t.floors])).toEqual(buildings.map((b) => [b.name, b.floors]));
    // Towers stand apart on the site.
    for (const a of placed)
      for (const b of placed)
        if (a !== b) expect(Math.abs(a.x - b.x) > 36 || Math.abs(a.y - b.y) > 13).toBe(true);
  });

  test("every view and card has the size content gives, and no text in it", () => {
    const images = [
      content.home.hero.wide,
      content.home.hero.tall,
      content.home.environment.image,
      content.home.specialPlan.image,
      ...content.premiumCards.map((c) => c.image),
    ];
    expect(art.map((a) => a.path).sort()).toEqual(
      [...new Set(images.map((i) => slotOf(i.src)))].sort(),
    );
    for (const image of images) {
      const svg = svgOf(image.src);
      const root = /<svg[^>]*>/.exec(svg)![0];
      expect(root).toContain(`width="${image.width}"`);
      expect(root).toContain(`height="${image.height}"`);
      expect(svg).not.toMatch(/<text/);
      expect(svg).not.toMatch(/[가-힣]/);
    }
  });

  test("the hero's portrait crop is as tall as phones need (no empty band when covering 390 × 600)", () => {
    const { tall, wide } = content.home.hero;
    expect(tall.height / tall.width).toBeGreaterThanOrEqual(600 / 390);
    expect(tall.width).toBeGreaterThanOrEqual(390 * 3);
    expect(wide.width / wide.height).toBeGreaterThanOrEqual(1440 / 900);
  });

  test("the four PREMIUM cards each have their own drawing", () => {
    const cards = content.premiumCards.map((c) => svgOf(c.image.src));
    expect(new Set(cards).size).toBe(4);
  });

  test("drawing twice gives the same files", () => {
    expect(homeArtwork(content)).toEqual(art);
  });
});

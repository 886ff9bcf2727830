import { describe, expect, test } from "vitest";
import { loadSite, shownSite } from "../../app/sites/registry.server";
import { generateArtwork } from "./index";

/* The entry point runs every generator for one complex's content. */

const content = shownSite(loadSite("sites/anyang"));

describe("artwork of a complex", () => {
  test("each drawing is written once, as an SVG", () => {
    const paths = generateArtwork(content).map((f) => f.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^[a-z0-9/-]+\.svg$/);
  });

  test("the map and site plan are drawn from the complex's artwork facts, and only with them", () => {
    const fromContent = generateArtwork(content);
    expect(fromContent.some((f) => f.path === content.infoPages.locationPage.map.src)).toBe(true);
    const without = generateArtwork({ ...content, artwork: undefined });
    expect(without.some((f) => f.path === content.infoPages.locationPage.map.src)).toBe(false);
  });
});

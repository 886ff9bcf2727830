import { describe, expect, test } from "vitest";
import { contentSchema } from "../../app/content/schema";
import { site } from "../../app/content/site";
import { anyangArtwork } from "./anyang-artwork";
import { generateArtwork } from "./index";

/* The entry point runs every generator for one complex's content. */

const content = contentSchema.parse({ ...site, artwork: anyangArtwork });

describe("artwork of a complex", () => {
  test("the sample complex's artwork facts are valid content", () => {
    expect(content.artwork).toEqual(anyangArtwork);
  });

  test("each drawing is written once, under assets/images, as an SVG", () => {
    const paths = generateArtwork(content).map((f) => f.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^[a-z0-9/-]+\.svg$/);
  });

  test("content's artwork facts are used unless others are passed in", () => {
    const fromContent = generateArtwork(content);
    expect(generateArtwork(content, anyangArtwork)).toEqual(fromContent);
    expect(fromContent.some((f) => f.path === content.infoPages.locationPage.map.src)).toBe(true);
    const without = generateArtwork({ ...content, artwork: undefined });
    expect(without.some((f) => f.path === content.infoPages.locationPage.map.src)).toBe(false);
  });
});

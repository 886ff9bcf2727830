import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { loadSite, shownSite } from "../../app/sites/registry.server";
import { drawInteriors } from "./interiors";

const content = shownSite(loadSite("sites/anyang"));

/* Each unit type on the interior pages gets a living room and a kitchen, in its own finish. */

const files = drawInteriors(content);
const svgOf = (src: string) => files.find((f) => f.path === src)!.svg;

describe("interior illustrations", () => {
  test("every interior image in content is drawn at its size", () => {
    const images = content.interiors.flatMap((i) => i.images);
    expect(files.map((f) => f.path)).toEqual(images.map((i) => i.src));
    for (const image of images) {
      expect(svgOf(image.src)).toMatch(
        new RegExp(
          `^<svg [^>]*width="${image.width}" height="${image.height}" viewBox="0 0 1280 800"`,
        ),
      );
    }
  });

  test("the first image of a type is a living room with a window, the second a kitchen with pendants", () => {
    for (const { images } of content.interiors) {
      const [living, kitchen] = images.map((i) => svgOf(i.src));
      expect(living).toContain('fill="url(#sky)"');
      expect(kitchen).not.toContain("url(#sky)");
      expect(kitchen!.match(/ry="5" fill="#fff4d8"/g)).toHaveLength(3);
    }
  });

  test("each unit type has its own finish", () => {
    const floors = content.interiors.map(
      (i) => /<polygon points="0,800 [^"]*" fill="(#[0-9a-f]+)"/.exec(svgOf(i.images[0]!.src))![1],
    );
    expect(new Set(floors).size).toBe(content.interiors.length);
  });

  test.each(files.map((f) => [f.path, f.svg] as const))(
    "assets/images/%s is up to date (npx tsx scripts/artwork/index.ts)",
    (path, svg) => {
      expect(readFileSync(`assets/images/${path}`, "utf8")).toBe(svg);
    },
  );
});

import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { loadSite, shownSite } from "../../app/sites/registry.server";
import { drawBanners } from "./banners";

const content = shownSite(loadSite("sites/anyang"));

/*
 * Page banners and video posters are skylines drawn at the sizes content gives (the share image is
 * drawn from the identity: app/media/drawn.server.test.ts).
 */

const files = drawBanners(content);
const svgOf = (src: string) => files.find((f) => f.path === src)!.svg;

describe("banner artwork", () => {
  test("every banner and poster in content is drawn at its size", () => {
    const images = [
      content.images.bannerDefault,
      ...Object.values(content.images.banners),
      content.brandVideo.poster,
      ...content.videoTabs.map((t) => t.poster),
    ];
    expect(files.map((f) => f.path).sort()).toEqual([...new Set(images.map((i) => i.src))].sort());
    for (const image of images) {
      expect(svgOf(image.src)).toMatch(
        new RegExp(
          `^<svg [^>]*width="${image.width}" height="${image.height}" viewBox="0 0 ${image.width} ${image.height}"`,
        ),
      );
    }
  });

  test("each section's banner has its own skyline", () => {
    const banners = Object.values(content.images.banners).map((b) => svgOf(b.src));
    expect(new Set(banners).size).toBe(banners.length);
  });

  test.each(files.map((f) => [f.path, f.svg] as const))(
    "assets/images/%s is up to date (npx tsx scripts/artwork/index.ts)",
    (path, svg) => {
      expect(readFileSync(`assets/images/${path}`, "utf8")).toBe(svg);
    },
  );
});

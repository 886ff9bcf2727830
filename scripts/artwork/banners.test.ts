import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { loadSite } from "../../app/sites/registry.server";
import { drawBanners } from "./banners";

const content = loadSite("sites/anyang");

/*
 * Page banners, video posters and the social preview are skylines drawn at the sizes content
 * gives; the preview carries the complex's name and scale.
 */

const files = drawBanners(content);
const svgOf = (src: string) => files.find((f) => f.path === src)!.svg;

describe("banner artwork", () => {
  test("every banner, poster and the social preview in content is drawn at its size", () => {
    const images = [
      content.images.bannerDefault,
      ...Object.values(content.images.banners),
      content.brandVideo.poster,
      ...content.videoTabs.map((t) => t.poster),
      content.seo.ogImage,
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

  test("the social preview names the complex and its scale", () => {
    const og = svgOf(content.seo.ogImage.src);
    const { complexName, floors, households } = content.project;
    expect(og).toContain(`>${content.artwork!.wordmark}</text>`);
    expect(og).toContain(`>${complexName}</text>`);
    expect(og).toContain(
      `>지하 ${floors.basement}층 ~ 지상 ${floors.above}층 · ${households}세대</text>`,
    );
  });

  test("a complex without a wordmark gets a preview without one", () => {
    const og = drawBanners(content, {}).find((f) => f.path === content.seo.ogImage.src)!.svg;
    expect(og.match(/<text/g)).toHaveLength(2);
  });

  test.each(files.map((f) => [f.path, f.svg] as const))(
    "assets/images/%s is up to date (npx tsx scripts/artwork/index.ts)",
    (path, svg) => {
      expect(readFileSync(`assets/images/${path}`, "utf8")).toBe(svg);
    },
  );
});

import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { drawUnitPositions } from "../../scripts/artwork/unit-positions";
import { loadSite, shownSite } from "~/sites/registry.server";
import type { Image } from "./schema";

/*
 * Facts of the information pages that must agree with each other and with the artwork:
 * the unit-position plan against the unit types and the household total, and every drawing
 * against the size and colours content announces for it.
 */

const site = shownSite(loadSite("sites/anyang"));
const positions = site.infoPages.unitPositions;
const lines = positions.buildings.flatMap((b) => b.lines.map((l) => ({ ...l, building: b })));
const svg = (image: Image) => readFileSync(`assets/images/${image.src}`, "utf8");

describe("unit-position plan (동호수배치도)", () => {
  test("each unit type has as many households in the plan as the unit types list", () => {
    for (const unit of site.unitTypes) {
      const planned = lines
        .filter((l) => l.type === unit.key)
        .reduce((sum, l) => sum + l.to - l.from + 1, 0);
      expect(planned, unit.label).toBe(unit.households);
    }
  });

  test("the plan adds up to the project's household total", () => {
    const total = lines.reduce((sum, l) => sum + l.to - l.from + 1, 0);
    expect(total).toBe(site.project.households);
  });

  test("every line stays within its building, and the tallest building has the project's top floor", () => {
    for (const l of lines) {
      expect(l.from, `${l.building.name} ${l.line}호`).toBeLessThanOrEqual(l.to);
      expect(l.to, `${l.building.name} ${l.line}호`).toBeLessThanOrEqual(l.building.floors);
    }
    for (const b of positions.buildings) {
      expect(new Set(b.lines.map((l) => l.line)).size, b.name).toBe(b.lines.length);
    }
    expect(Math.max(...positions.buildings.map((b) => b.floors))).toBe(site.project.floors!.above);
  });

  test("the drawing is the one the generator makes from this content", () => {
    expect(readFileSync(`assets/images/${positions.image.src}`, "utf8")).toBe(
      drawUnitPositions(site),
    );
  });

  test("the drawing shows every building, and every type in its legend colour", () => {
    const drawing = svg(positions.image);
    for (const b of positions.buildings) expect(drawing).toContain(`>${b.name}<`);
    for (const t of positions.typeColors) expect(drawing).toContain(`fill="${t.color}"`);
  });
});

describe("information page artwork", () => {
  const info = site.infoPages;
  const drawings: Image[] = [
    info.sitePlan.image,
    info.unitPositions.image,
    info.locationPage.map,
    info.brandStory.image,
    ...info.brandStory.pillars.map((p) => p.image),
    ...site.locationHighlights.map((h) => h.image),
    ...site.interiors.flatMap((i) => i.images),
  ];

  test.each(drawings.map((d) => [d.src, d] as const))(
    "%s has the width, height and Korean alt text content gives",
    (_src, image) => {
      const root = /<svg[^>]*>/.exec(svg(image))![0];
      expect(root).toContain(`width="${image.width}"`);
      expect(root).toContain(`height="${image.height}"`);
      expect(root).toContain(`viewBox="0 0 ${image.width} ${image.height}"`);
      expect(image.alt).toMatch(/[가-힣]/);
    },
  );

  test.each(drawings.map((d) => [d.src, d] as const))(
    "%s sets the site fonts on its labels",
    (_src, image) => {
      const texts = svg(image).match(/<text[^>]*>/g) ?? [];
      for (const t of texts)
        expect(t).toContain('font-family="Pretendard Variable, Noto Sans KR, sans-serif"');
    },
  );

  test("the site plan uses the colours of its legend", () => {
    const drawing = svg(info.sitePlan.image);
    for (const item of info.sitePlan.legend) expect(drawing, item.label).toContain(item.color);
    for (const name of [
      "101동",
      "102동",
      "103동",
      "104동",
      "105동",
      "106동",
      "주출입구",
      "지하주차장 출입구",
    ]) {
      expect(drawing).toContain(name);
    }
  });

  test("the location map names the stations, the stream and the site", () => {
    const drawing = svg(info.locationPage.map);
    for (const name of ["범계역", "평촌역", "학의천", "시민대로", site.identity.name])
      expect(drawing).toContain(name);
  });
});

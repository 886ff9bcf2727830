import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { loadSite, shownSite } from "../../app/sites/registry.server";
import { drawSitePlan, siteTowers } from "./site-plan";

const content = shownSite(loadSite("sites/anyang"));

/* The site plan shows every building of the complex with its floors, the places and entrances. */

const plan = content.artwork!.sitePlan!;
const image = content.infoPages.sitePlan.image;
const [file] = drawSitePlan(content);
const svg = file!.svg;
const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);

describe("site plan", () => {
  test("is drawn at the size and path of content's site-plan image, titled with the complex", () => {
    expect(file!.path).toBe(image.src);
    expect(svg).toMatch(
      new RegExp(
        `^<svg [^>]*width="${image.width}" height="${image.height}" viewBox="0 0 1200 900"`,
      ),
    );
    expect(svg).toContain(`<title>${content.identity.name} 단지배치도</title>`);
  });

  test("one tower per building of the unit-position plan, named with its floors", () => {
    const buildings = content.infoPages.unitPositions.buildings;
    expect(svg.match(/<g filter="url\(#sh\)">/g)).toHaveLength(buildings.length);
    for (const b of buildings) {
      expect(texts).toContain(b.name);
      expect(texts).toContain(`지상 ${b.floors}층`);
    }
  });

  test("roads, community buildings, plaza, water, trail and every entrance are labelled", () => {
    const names = [
      ...Object.values(plan.roads),
      ...plan.facilities.map((f) => f.name),
      plan.plaza.name,
      plan.water.name,
      plan.trail.name,
      ...plan.gates.map((g) => g.name),
      ...plan.ramps.map((r) => r.name),
    ];
    for (const name of names) expect(texts).toContain(name);
    expect(texts.filter((t) => t === "놀이터")).toHaveLength(plan.playgrounds.length);
  });

  test("no tree stands on a building", () => {
    const trees = [...svg.matchAll(/<circle cx="(\d+)" cy="(\d+)" r="\d+" fill="#6fa05f"/g)].map(
      (m) => [Number(m[1]), Number(m[2])] as const,
    );
    expect(trees.length).toBeGreaterThan(100);
    for (const t of siteTowers(content, plan)) {
      for (const [x, y] of trees)
        expect(x > t.x && x < t.x + 180 && y > t.y && y < t.y + 64).toBe(false);
    }
  });

  test("a building without a place on the plan stops the drawing with its name", () => {
    const partial = { ...plan, buildings: plan.buildings.slice(1) };
    expect(() => drawSitePlan(content, { sitePlan: partial })).toThrow(plan.buildings[0]!.name);
  });

  test("a complex whose artwork has no site plan gets no file", () => {
    expect(drawSitePlan(content, {})).toEqual([]);
  });

  test(`assets/images/${image.src} is up to date (npx tsx scripts/artwork/index.ts)`, () => {
    expect(readFileSync(`assets/images/${image.src}`, "utf8")).toBe(svg);
  });
});

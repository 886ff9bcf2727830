import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { loadSite, shownSite } from "../../app/sites/registry.server";
import { drawFloorPlans, layoutFor, layoutSummary } from "./floor-plans";

const content = shownSite(loadSite("sites/anyang"));

describe("floor plan drawings", () => {
  test.each(content.unitTypes.map((u) => [u.label, u] as const))(
    "%s has the bedrooms and bathrooms of its unit type, about its exclusive area",
    (_label, unit) => {
      const summary = layoutSummary(layoutFor(unit));
      expect(summary.rooms).toBe(unit.rooms);
      expect(summary.bathrooms).toBe(unit.bathrooms);
      expect(Math.abs(summary.area - unit.exclusiveArea!) / unit.exclusiveArea!).toBeLessThan(0.03);
    },
  );

  test("bigger types are drawn bigger (same scale for every plan)", () => {
    const byArea = [...content.unitTypes].sort((a, b) => a.exclusiveArea! - b.exclusiveArea!);
    const drawn = byArea.map((u) => layoutSummary(layoutFor(u)).area);
    expect(drawn).toEqual([...drawn].sort((a, b) => a - b));
    expect(drawn[0]! * 2).toBeLessThan(drawn.at(-1)!);
  });

  test.each(drawFloorPlans(content).map((f, i) => [f.path, f.svg, content.unitTypes[i]!] as const))(
    "assets/images/%s is up to date with its layout and the content (npx tsx scripts/artwork/index.ts)",
    (path, svg, unit) => {
      expect(readFileSync(`assets/images/${path}`, "utf8")).toBe(svg);
      expect(svg).toContain('viewBox="0 0 960 720"');
      expect(svg).toContain(`${unit.label}<tspan`);
    },
  );
});

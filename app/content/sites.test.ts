import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { contrastRatio, MIN_CONTRAST, themePairs } from "~/lib/contrast";
import { loadSites } from "~/sites/registry.server";
import type { Theme } from "./schema";

const sites = loadSites("sites");
const byId = new Map(sites.map((s) => [s.id, s]));
const anyang = byId.get("anyang")!;
const suwon = byId.get("suwon")!;

/**
 * The design's own colours (what a complex without `theme` shows, and the 대표 색 the samples were
 * drawn with), read from the style sheets.
 */
function defaultTheme(): Theme & { primary: string } {
  const css =
    readFileSync("app/styles/base.css", "utf8") + readFileSync("app/styles/pages.css", "utf8");
  const value = (name: string) => new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, "i").exec(css)![1]!;
  return {
    primary: value("navy"),
    primaryAlt: value("navy-2"),
    accent: value("gold"),
    accentLight: value("gold-light"),
    accentText: value("gold-text"),
  };
}

describe("the complexes this deployment serves", () => {
  test("every complex under sites/ loads and validates, anyang as the default", () => {
    expect(sites.map((s) => s.id)).toEqual(["anyang", "suwon"]);
    expect(sites.filter((s) => s.default).map((s) => s.id)).toEqual(["anyang"]);
  });

  test("no two complexes share an id, a host, a press path, a unit key or a phone number", () => {
    const distinct = (values: string[]) => expect(new Set(values).size).toBe(values.length);
    distinct(sites.map((s) => s.id));
    distinct(sites.flatMap((s) => s.hosts));
    distinct(sites.flatMap((s) => s.press.sites));
    distinct(sites.map((s) => s.identity.phone));
    distinct(sites.flatMap((s) => s.unitTypes.map((u) => u.key)));
  });

  test("the second sample complex is not a copy of anyang: its file names nothing of anyang", () => {
    const file = readFileSync("sites/suwon/site.yaml", "utf8");
    const names = ["평촌", "안양", "라움하임", "1600-0000"];
    for (const name of [...names, anyang.identity.developer, anyang.identity.builder]) {
      expect(file).not.toContain(name);
    }
    expect(suwon.identity.name).not.toBe(anyang.identity.name);
    expect(suwon.seo.titleTemplate).not.toBe(anyang.seo.titleTemplate);
    expect(suwon.menu.map((g) => g.title)).not.toEqual(anyang.menu.map((g) => g.title));
  });

  test.each(sites.map((s) => [s.id, s] as const))(
    "%s: the unit types add up to the complex's households, line by line of the buildings",
    (_id, site) => {
      const total = site.unitTypes.reduce((sum, u) => sum + u.households!, 0);
      expect(total).toBe(site.project.households);
      const lines = site.infoPages.unitPositions.buildings.flatMap((b) => b.lines);
      for (const unit of site.unitTypes) {
        const counted = lines
          .filter((l) => l.type === unit.key)
          .reduce((sum, l) => sum + l.to - l.from + 1, 0);
        expect(counted, unit.key).toBe(unit.households);
      }
    },
  );

  test("suwon draws what shows anyang's name, units or ground with its own pictures", () => {
    const own = (image: { src: string }) => image.src.startsWith("sites/suwon/");
    const drawings = [
      ...suwon.unitTypes.flatMap((u) => [u.plan, u.viewerImage]),
      suwon.home.unitPlan.image,
      suwon.infoPages.sitePlan.image,
      suwon.infoPages.unitPositions.image,
      suwon.infoPages.locationPage.map,
      suwon.identity.logo!,
      suwon.seo.ogImage,
    ];
    for (const image of drawings) expect(own(image), image.src).toBe(true);
  });

  test.each(sites.map((s) => [s.id, s] as const))(
    "%s: text on its colours keeps WCAG AA contrast (4.5:1)",
    (_id, site) => {
      const t = { ...(site.theme ?? defaultTheme()), primary: site.identity.color };
      for (const { what, text, ground } of themePairs(t)) {
        expect(contrastRatio(text, ground), what).toBeGreaterThanOrEqual(MIN_CONTRAST);
      }
    },
  );

  test("anyang keeps the design's own colours; suwon has its own", () => {
    expect(anyang.theme).toBeUndefined();
    expect(anyang.identity.color).toBe(defaultTheme().primary);
    expect(suwon.theme).toBeDefined();
    expect([suwon.identity.color, ...Object.values(suwon.theme!)]).not.toContain(
      defaultTheme().primary,
    );
  });
});

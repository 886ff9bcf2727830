import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { loadSites } from "~/sites/registry.server";
import type { Theme } from "./schema";

const sites = loadSites("sites");
const byId = new Map(sites.map((s) => [s.id, s]));
const anyang = byId.get("anyang")!;
const suwon = byId.get("suwon")!;

function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The design's own colours (what a complex without `theme` shows), read from the style sheets. */
function defaultTheme(): Theme {
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
    distinct(sites.map((s) => s.contact.phone));
    distinct(sites.flatMap((s) => s.unitTypes.map((u) => u.key)));
  });

  test("the second sample complex is not a copy of anyang: its file names nothing of anyang", () => {
    const file = readFileSync("sites/suwon/site.yaml", "utf8");
    const names = ["평촌", "안양", "라움하임", "1600-0000"];
    for (const name of [...names, anyang.project.developer, anyang.project.constructor]) {
      expect(file).not.toContain(name);
    }
    expect(suwon.project.siteName).not.toBe(anyang.project.siteName);
    expect(suwon.seo.titleTemplate).not.toBe(anyang.seo.titleTemplate);
    expect(suwon.menu.map((g) => g.title)).not.toEqual(anyang.menu.map((g) => g.title));
  });

  test.each(sites.map((s) => [s.id, s] as const))(
    "%s: the unit types add up to the complex's households, line by line of the buildings",
    (_id, site) => {
      const total = site.unitTypes.reduce((sum, u) => sum + u.households, 0);
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
      suwon.images.logo,
      suwon.seo.ogImage,
    ];
    for (const image of drawings) expect(own(image), image.src).toBe(true);
  });

  test.each(sites.map((s) => [s.id, s] as const))(
    "%s: text on its colours keeps WCAG AA contrast (4.5:1)",
    (_id, site) => {
      const t = site.theme ?? defaultTheme();
      const white = "#ffffff";
      const soft = "#f5f4f0"; // --bg-soft
      const footer = "#15181f"; // .site-footer
      const pairs: [string, string, string][] = [
        ["white text on primary", white, t.primary],
        ["primary text on --bg-soft", t.primary, soft],
        ["white text on primaryAlt", white, t.primaryAlt],
        ["white text on accent", white, t.accent],
        ["accentLight text on primary", t.accentLight, t.primary],
        ["accentLight text on primaryAlt", t.accentLight, t.primaryAlt],
        ["accentLight text in the footer", t.accentLight, footer],
        ["accentText on --bg-soft", t.accentText, soft],
      ];
      for (const [what, text, ground] of pairs) {
        expect(contrast(text, ground), what).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  test("anyang keeps the design's own colours; suwon has its own", () => {
    expect(anyang.theme).toBeUndefined();
    expect(suwon.theme).toBeDefined();
    expect(Object.values(suwon.theme!)).not.toContain(defaultTheme().primary);
  });
});

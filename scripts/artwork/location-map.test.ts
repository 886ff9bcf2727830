import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { loadSite, shownSite } from "../../app/sites/registry.server";
import { drawLocationMap } from "./location-map";

const content = shownSite(loadSite("sites/anyang"));

/* The location map names every landmark the complex's artwork lists, around the site. */

const map = content.artwork!.locationMap!;
const image = content.infoPages.locationPage.map;
const [file] = drawLocationMap(content);
const svg = file!.svg;
const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);

describe("location map", () => {
  test("is drawn at the size and path of content's map image, titled with the complex", () => {
    expect(file!.path).toBe(image.src);
    expect(svg).toMatch(
      new RegExp(
        `^<svg [^>]*width="${image.width}" height="${image.height}" viewBox="0 0 ${image.width} ${image.height}"`,
      ),
    );
    expect(svg).toContain(`<title>${content.identity.name} 입지 개략도</title>`);
  });

  test("the site's callout names the complex", () => {
    expect(texts).toContain("사업지");
    expect(texts).toContain(content.identity.name);
  });

  test("every station, school, facility, road, stream, park and district is labelled", () => {
    const names = [
      ...map.subway.stations.map((s) => s.name),
      ...map.places.flatMap((p) => [p.letter, p.name]),
      ...map.roads.map((r) => r.name),
      map.stream!.name,
      map.expressway!.name,
      ...map.parks.map((p) => p.name),
      ...map.districts.map((d) => d.name),
      `← ${map.subway.west}`,
      `${map.subway.east} →`,
    ];
    for (const name of names) expect(texts).toContain(name);
  });

  test("one pin per place and one stop per station", () => {
    expect(svg.match(/r="19" fill="#[0-9a-f]+" stroke="#ffffff" stroke-width="3"/g)).toHaveLength(
      map.places.length,
    );
    expect(
      svg.match(new RegExp(`r="14" fill="#ffffff" stroke="${map.subway.color}"`, "g")),
    ).toHaveLength(map.subway.stations.length);
  });

  test("the legend lists the subway line by its name", () => {
    expect(svg).toMatch(
      new RegExp(
        `<g transform="translate\\([0-9 ]+\\)"><line [^>]*stroke="${map.subway.color}"[^>]*/><text[^>]*>${map.subway.name}</text></g>`,
      ),
    );
  });

  test("a complex whose artwork has no map gets no map file", () => {
    expect(drawLocationMap(content, {})).toEqual([]);
    expect(drawLocationMap({ ...content, artwork: undefined })).toEqual([]);
  });

  test(`assets/images/${image.src} is up to date (npx tsx scripts/artwork/index.ts)`, () => {
    expect(readFileSync(`assets/images/${image.src}`, "utf8")).toBe(svg);
  });
});

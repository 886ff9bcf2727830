import { describe, expect, test } from "vitest";
import { siteJsonSchema } from "~/content/schema";
import { loadSite } from "~/sites/registry.server";
import { contentHref } from "~/lib/content-href";
import {
  consoleGroups,
  groupOfPath,
  mergeSection,
  sectionSchema,
  sectionValue,
} from "./content-sections";
import { searchContent } from "./content-search";
import type { FieldSchema } from "./form-schema";

/*
 * The editor in sections: a link to a field goes to its section's page; 항목 찾기 finds fields of
 * every section by label, help text, value and other words; a section's save changes its part only.
 */

const schema = siteJsonSchema() as FieldSchema;
const groups = consoleGroups(schema);
const site = loadSite("sites/anyang");

describe("contentHref", () => {
  test("a field's link is its section's page, at the field", () => {
    expect(contentHref("anyang", "f-identity.phone")).toBe(
      "/admin/content/identity?site=anyang#f-identity.phone",
    );
    expect(contentHref("suwon", "f-home.hero.wide.$file")).toBe(
      "/admin/content/home?site=suwon#f-home.hero.wide.$file",
    );
    // A part of a split key goes to the section that holds it, the rest of it to 기타.
    expect(contentHref("anyang", "f-infoPages.brandStory.title")).toBe(
      "/admin/content/brand?site=anyang#f-infoPages.brandStory.title",
    );
    expect(contentHref("anyang", "f-artwork.locationMap")).toBe(
      "/admin/content/location-map?site=anyang#f-artwork.locationMap",
    );
    expect(contentHref("anyang", "f-unitTypes.2.plan.alt")).toBe(
      "/admin/content/units?site=anyang#f-unitTypes.2.plan.alt",
    );
    expect(contentHref("anyang", "f-hosts.0")).toBe("/admin/content/other?site=anyang#f-hosts.0");
    // The leftovers panel and no field at all: the first section.
    expect(contentHref("anyang", "leftovers")).toBe(
      "/admin/content/identity?site=anyang#leftovers",
    );
    expect(contentHref("anyang")).toBe("/admin/content/identity?site=anyang");
  });

  test("every field of every section maps to the section that draws it", () => {
    for (const g of groups)
      for (const section of g.sections) expect(groupOfPath(`${section}.x`), section).toBe(g.id);
  });
});

describe("항목 찾기", () => {
  const find = (q: string) => searchContent(schema, site, groups, "anyang", q).results;
  const ids = (q: string) => find(q).map((r) => r.id);

  test("by label, across sections, each result a link to its section's page", () => {
    const found = find("대표 전화");
    expect(found[0]).toMatchObject({
      id: "f-identity.phone",
      group: "identity",
      href: "/admin/content/identity?site=anyang#f-identity.phone",
    });
    expect(ids("평면도")).toEqual(
      expect.arrayContaining(site.unitTypes.map((_, i) => `f-unitTypes.${i}.plan`)),
    );
  });

  test("by help text", () => {
    // 대표 색's help: "단지의 메인 색입니다. 흰 바탕의 글씨와 …".
    expect(ids("흰 바탕의 글씨")).toContain("f-identity.color");
  });

  test("by value: every field whose value holds the words", () => {
    const found = find("라움하임");
    expect(found.length).toBeGreaterThan(3);
    expect(found.map((r) => r.id)).toContain("f-identity.brand");
    // Fields of several sections.
    expect(new Set(found.map((r) => r.group)).size).toBeGreaterThan(1);
    expect(ids(site.identity.phone)).toContain("f-identity.phone");
  });

  test("by other words (first in the list)", () => {
    for (const q of ["대표 색", "메인 색", "브랜드 색", "메인색"])
      expect(ids(q)[0], q).toBe("f-identity.color");
    for (const q of ["메인 사진", "대표 사진", "첫 화면 사진", "메인 그림"])
      expect(ids(q).slice(0, 2), q).toEqual(["f-home.hero.wide", "f-home.hero.tall"]);
    expect(ids("전화")[0]).toBe("f-identity.phone");
    expect(ids("대표번호")[0]).toBe("f-identity.phone");
    expect(ids("로고")[0]).toBe("f-identity.logo");
    expect(ids("주소")[0]).toBe("f-identity.address");
    expect(ids("시행사")[0]).toBe("f-identity.developer");
    expect(ids("시공사")[0]).toBe("f-identity.builder");
    expect(ids("찾을수없는말")).toEqual([]);
  });
});

describe("a section's part of the draft", () => {
  test("its schema and value hold its sections only; merged back, the rest is untouched", () => {
    const brand = groups.find((g) => g.id === "brand")!;
    const part = sectionValue(site, brand) as Record<string, Record<string, unknown>>;
    expect(Object.keys(part).sort()).toEqual(["brandVideo", "infoPages"]);
    expect(Object.keys(part.infoPages!)).toEqual(["brandStory"]);
    const own = sectionSchema(schema, brand);
    expect(Object.keys(own.properties!).sort()).toEqual(["brandVideo", "infoPages"]);
    expect(Object.keys(own.properties!.infoPages!.properties!)).toEqual(["brandStory"]);

    const whole = site as unknown as Record<string, unknown>;
    expect(mergeSection(schema, whole, part, brand)).toEqual(whole);
    const changed = mergeSection(schema, whole, { ...part, brandVideo: undefined }, brand);
    expect(changed.brandVideo).toBeUndefined();
    expect({ ...changed, brandVideo: whole.brandVideo }).toEqual(whole);
  });
});

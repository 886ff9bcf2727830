import { describe, expect, test } from "vitest";
import { siteJsonSchema } from "~/content/schema";
import { diffContent } from "~/console/content-store.server";
import { readSiteFile } from "~/sites/registry.server";
import { describeChanges, shownValue } from "./content-changes";
import type { FieldSchema } from "./form-schema";

/* The history's changed fields: the labels that lead to each, old and new value, short. */

const schema = siteJsonSchema() as FieldSchema;
type Doc = {
  identity: { phone: string };
  project: { remainingUnitsNotice: string };
  home: { hero: { wide: { src: string; width: number; height: number; alt: string } } };
  unitTypes: { label: string }[];
};
const before = readSiteFile("sites/anyang") as Doc;

describe("the fields changed between two versions", () => {
  test("each by its Korean labels with its old and new value; a picture once, by file name", () => {
    const after = structuredClone(before);
    after.identity.phone = "1577-1234";
    after.home.hero.wide = {
      ...after.home.hero.wide,
      src: "media/ab12cd-4000x3000.jpg",
      width: 4000,
      height: 3000,
    };
    const rows = describeChanges(schema, before, after, diffContent(before, after));
    expect(rows).toEqual([
      {
        path: "identity.phone",
        label: "단지 기본 정보 › 대표 전화",
        old: before.identity.phone,
        new: "1577-1234",
      },
      {
        path: "home.hero.wide",
        label: expect.stringMatching(/^홈 화면 › .+ › .+/),
        old: "home-hero-wide.svg",
        new: "ab12cd-4000x3000.jpg",
      },
    ]);
  });

  test("a removed entry is named as it was; long texts are cut", () => {
    const after = structuredClone(before);
    after.unitTypes.splice(0, 1);
    after.project.remainingUnitsNotice = "가".repeat(200);
    const rows = describeChanges(schema, before, after, diffContent(before, after));
    const notice = rows.find((r) => r.path === "project.remainingUnitsNotice")!;
    expect(notice.new).toHaveLength(80);
    expect(notice.new.endsWith("…")).toBe(true);
    const last = before.unitTypes.length - 1;
    expect(rows.find((r) => r.path === `unitTypes.${last}`)?.label).toBe(
      `주택형 › ${last + 1}. ${before.unitTypes[last]!.label}`,
    );
    expect(rows.every((r) => !r.label.includes("unitTypes"))).toBe(true);
  });

  test("values: nothing, yes/no, a list's size", () => {
    expect([undefined, "", true, false, [1, 2], 3].map(shownValue)).toEqual([
      "(없음)",
      "(없음)",
      "예",
      "아니오",
      "항목 2개",
      "3",
    ]);
  });
});

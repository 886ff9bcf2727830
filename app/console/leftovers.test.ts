import { describe, expect, test } from "vitest";
import { siteJsonSchema } from "~/content/schema";
import { readSiteFile } from "~/sites/registry.server";
import type { FieldSchema } from "./form-schema";
import { identityStrings } from "~/lib/identity-strings";
import { findLeftovers, labelLeftovers, leftoverTerms, replaceInLeftovers } from "./leftovers";

/*
 * Issue 39, item 4: a complex copied from the anyang sample, every field that still holds anyang's
 * name, brand, address, companies, business facts, phone or hosts listed with its Korean label trail.
 */

type Doc = Record<string, unknown>;
const anyang = readSiteFile("sites/anyang") as Doc;
const identity = identityStrings(anyang);
const schema = siteJsonSchema() as FieldSchema;

/** Anyang's document with every text replaced by neutral words (file paths kept): nothing left. */
function neutral(value: unknown): unknown {
  if (typeof value === "string") return /^(sites|art|media)\//.test(value) ? value : "새 내용";
  if (Array.isArray(value)) return value.map(neutral);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, neutral(v)]));
  return value;
}

/** The path of the first string leaf under `value` (depth first), or null. */
function firstString(value: unknown, path: string): string | null {
  if (typeof value === "string") return /^(sites|art|media)\//.test(value) ? null : path;
  const entries = Array.isArray(value)
    ? value.map((v, i) => [String(i), v] as const)
    : value && typeof value === "object"
      ? Object.entries(value)
      : [];
  for (const [k, v] of entries) {
    const found = firstString(v, `${path}.${k}`);
    if (found) return found;
  }
  return null;
}

function setAt(doc: Doc, path: string, text: string) {
  const keys = path.split(".");
  let at = doc as Record<string, unknown>;
  for (const k of keys.slice(0, -1)) at = at[k] as Record<string, unknown>;
  at[keys.at(-1)!] = text;
}

describe("the identity strings of a complex", () => {
  test("anyang's: its names, addresses and the places in them, companies, business facts, phone, hosts", () => {
    const values = Object.fromEntries(identity.map((i) => [i.value, i.what]));
    expect(values).toMatchObject({
      "라움하임 평촌 센트럴": "단지명",
      라움하임: "브랜드",
      "경기도 안양시 동안구 평촌동 934번지 일원": "단지 주소",
      "(주)평촌센트럴개발": "시행",
      "한결건설(주)": "시공",
      홍길동: "대표자",
      "000-00-00000": "사업자등록번호",
      "1600-0000": "대표 전화",
      "raumheim-pyeongchon.example.com": "호스트",
      안양: "지역 이름",
      평촌: "지역 이름",
      동안구: "지역 이름",
    });
    // "동안" is also an everyday word ("오랫동안"): a district's stem is not looked for.
    expect(values).not.toHaveProperty("동안");
    expect(values).not.toHaveProperty("경기도");
  });
});

describe("the leftover check", () => {
  const clean = neutral(anyang) as Doc;

  test("a copy with every text rewritten holds nothing of anyang", () => {
    expect(findLeftovers(clean, identity).open).toEqual([]);
  });

  const sections = Object.keys(anyang).filter((k) => k !== "id" && firstString(anyang[k], k));
  test.each(sections)("finds anyang's brand planted in %s, with its Korean label", (section) => {
    const doc = structuredClone(clean);
    const path = firstString(doc[section], section)!;
    setAt(doc, path, "새 단지는 라움하임의 다음 단지입니다");
    const { open } = findLeftovers(doc, identity);
    expect(open.map((l) => l.path)).toEqual([path]);
    expect(open[0]!.found).toEqual([{ what: "브랜드", value: "라움하임" }]);
    const [labelled] = labelLeftovers(schema, doc, open);
    expect(labelled!.id).toMatch(/^f-/);
    // A label trail of Korean words, not the dotted path.
    expect(labelled!.label).toMatch(/[가-힣]/);
    expect(labelled!.label).not.toContain(path);
  });

  test("covers the sample's every top-level section that holds text", () => {
    expect(sections).toEqual(
      expect.arrayContaining(["identity", "project", "home", "contact", "seo", "legal", "privacy"]),
    );
    expect(sections.length).toBeGreaterThan(20);
  });

  test("a phone number written with spaces or without hyphens is found; inside a longer number it is not", () => {
    for (const text of ["문의 1600 0000", "문의 16000000", "문의 1600-0000"]) {
      const doc = structuredClone(clean);
      setAt(doc, "legal.adDisclaimer", text);
      expect(
        findLeftovers(doc, identity).open.map((l) => l.found),
        text,
      ).toEqual([[{ what: "대표 전화", value: "1600-0000" }]]);
    }
    const doc = structuredClone(clean);
    setAt(doc, "legal.adDisclaimer", "계좌 2160000001");
    expect(findLeftovers(doc, identity).open).toEqual([]);
  });

  test("a field holding the name is named by the name, not also by the brand and places inside it", () => {
    const doc = structuredClone(clean);
    setAt(doc, "home.hero.title", "라움하임평촌센트럴 오픈");
    expect(findLeftovers(doc, identity).open).toEqual([
      {
        path: "home.hero.title",
        value: "라움하임평촌센트럴 오픈",
        found: [{ what: "단지명", value: "라움하임 평촌 센트럴" }],
      },
    ]);
  });

  test("a field marked kept no longer counts; changed since, it is asked about again", () => {
    const doc = structuredClone(clean);
    setAt(doc, "project.constructor", "한결건설(주)");
    expect(findLeftovers(doc, identity).open.map((l) => l.path)).toEqual(["project.constructor"]);
    const kept = { "project.constructor": "한결건설(주)" };
    const marked = findLeftovers(doc, identity, kept);
    expect(marked.open).toEqual([]);
    expect(marked.kept.map((l) => l.path)).toEqual(["project.constructor"]);
    setAt(doc, "project.constructor", "한결건설(주) 외");
    expect(findLeftovers(doc, identity, kept).open.map((l) => l.path)).toEqual([
      "project.constructor",
    ]);
  });

  test("the press address under /anyang/press is the source's id, found; picture files are not text", () => {
    const doc = structuredClone(clean);
    setAt(doc, "press.defaultSite", "anyang");
    const open = findLeftovers(doc, identity).open;
    expect(open.map((l) => [l.path, l.found[0]!.what])).toEqual([["press.defaultSite", "단지 ID"]]);
  });
});

/** As the store holds a document: JSON, each YAML alias its own copy. */
const asStored = (doc: Doc) => JSON.parse(JSON.stringify(doc)) as Doc;

describe("한꺼번에 바꾸기", () => {
  test("offers the source's strings written as they are, most fields first, and writes one in every open field that holds it", () => {
    const doc = asStored(anyang);
    const before = findLeftovers(doc, identity).open;
    const terms = leftoverTerms(before);
    const place = terms.find((t) => t.value === "평촌")!;
    const holds = (l: { value: string; found: { value: string }[] }) =>
      l.value.includes("평촌") && l.found.some((f) => f.value === "평촌");
    expect(place.fields).toBe(before.filter(holds).length);
    expect(place).toMatchObject({ what: "지역 이름" });
    expect(terms.map((t) => t.fields)).toEqual(
      [...terms.map((t) => t.fields)].sort((a, b) => b - a),
    );

    // One field kept as it is (marked 그대로 두기): not among the open ones, so left alone.
    const keptPath = before.find(holds)!.path;
    const open = before.filter((l) => l.path !== keptPath);
    const keptValue = before.find((l) => l.path === keptPath)!.value;
    const changed = replaceInLeftovers(doc, open, "평촌", "동탄");
    expect(changed).toBe(place.fields - 1);
    const after = findLeftovers(doc, identity).open;
    expect(after.filter((l) => l.found.some((f) => f.value === "평촌")).map((l) => l.path)).toEqual(
      [keptPath],
    );
    const kept = after.find((l) => l.path === keptPath)!;
    expect(kept.value).toBe(keptValue);
    // What was written is there, word for word.
    const one = open.find((l) => l.found.some((f) => f.value === "평촌"))!;
    const keys = one.path.split(".");
    let at: unknown = doc;
    for (const k of keys) at = (at as Record<string, unknown>)[k];
    expect(at).toBe(one.value.split("평촌").join("동탄"));
  });

  test("a string no open field holds changes nothing", () => {
    const doc = asStored(anyang);
    const open = findLeftovers(doc, identity).open;
    expect(replaceInLeftovers(doc, open, "없는 말", "동탄")).toBe(0);
    expect(replaceInLeftovers(doc, open, "", "동탄")).toBe(0);
    expect(doc).toEqual(asStored(anyang));
  });
});

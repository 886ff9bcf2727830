import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { describe, expect, test } from "vitest";
import { identityStrings } from "~/lib/identity-strings";
import { blankContent } from "./blank.server";
import { documentProblems } from "./content-store.server";

/*
 * Issue 39, item 3, "a blank start": a new complex's document that passes the site schema and
 * holds none of another complex's facts.
 */

const samples = ["anyang", "suwon"].map(
  (id) => parse(readFileSync(`sites/${id}/site.yaml`, "utf8")) as unknown,
);
/** The samples' identity (names, brands, addresses and their place names, companies, phones, hosts, ids). */
const sampleFacts = samples.flatMap((doc) => identityStrings(doc).map((s) => s.value));
/** The samples' own unit types (their keys and labels), a blank start has none of them. */
const sampleUnits = samples.flatMap((doc) =>
  (doc as { unitTypes: { key: string; label: string }[] }).unitTypes.flatMap((u) => [
    `/FloorPlan/${u.key}`,
    `"${u.label}"`,
  ]),
);

const inputs = [
  { id: "dongtan", name: "힐스테이트 동탄 레이크", hosts: ["dongtan.example.com"] },
  { id: "b2", name: "새 단지", hosts: [] },
  { id: "riverside-park", name: "Riverside Park 2", hosts: ["http://river.localhost:4100"] },
];

describe("blankContent", () => {
  test.each(inputs)(
    "$name passes the site schema as a draft is checked for 게시, but for its placeholder numbers",
    (input) => {
      const problems = documentProblems(input.id, blankContent(input));
      expect(problems).toEqual([
        { path: "identity.phone", message: "아직 임시 번호입니다. 실제 번호를 입력해 주세요" },
        {
          path: "privacy.optOutNumber",
          message: "아직 임시 번호입니다. 실제 번호를 입력해 주세요",
        },
      ]);
    },
  );

  test.each(inputs)("$name holds no fact of the samples", (input) => {
    const json = JSON.stringify(blankContent(input));
    expect(sampleFacts.length).toBeGreaterThan(20);
    for (const fact of [...sampleFacts, ...sampleUnits, "라움하임", "아벨루스", "RAUMHEIM"])
      expect(json, fact).not.toContain(fact);
  });

  test("it is its own: name, hosts, press address", () => {
    const doc = blankContent(inputs[0]!);
    expect(doc.identity.name).toBe("힐스테이트 동탄 레이크");
    expect(doc.hosts).toEqual(["dongtan.example.com"]);
    expect(doc.press.sites).toEqual(["dongtan"]);
  });

  test("게시 is refused while the phone numbers are the placeholders, and allowed once they are real", () => {
    const doc = blankContent(inputs[0]!);
    expect(documentProblems("dongtan", doc).map((p) => p.path)).toEqual([
      "identity.phone",
      "privacy.optOutNumber",
    ]);
    doc.identity.phone = "031-555-1234";
    doc.privacy.optOutNumber = "080-123-4567";
    expect(documentProblems("dongtan", doc)).toEqual([]);
  });
});

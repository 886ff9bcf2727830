import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { loadSite, siteFromData } from "~/sites/registry.server";
import { fillPlaceholders, upgradeDocument, withIdentity } from "./identity";
import type { Identity, Site } from "./schema";
import { siteProblems, validateSite } from "./validate";

/*
 * 단지 기본 정보 (docs/decisions/042-identity-once.md): the placeholders other texts name it by, and
 * the upgrade of a document written before it.
 */

const anyang = loadSite("sites/anyang");
const FILE = "sites/anyang/site.yaml";

/**
 * The sample as a document of before 단지 기본 정보 had it: its texts with the name written in,
 * the facts where they were (project, modelHouse, contact, business, images, theme), the copies
 * that are now derived (사이트 이름, the footer's 시공사 표기).
 */
function documentBefore(id: string): Record<string, unknown> {
  const today = parse(readFileSync(`sites/${id}/site.yaml`, "utf8")) as Site;
  const { identity: i, ...doc } = withIdentity(today);
  return {
    ...doc,
    project: {
      brandName: i.brand,
      complexName: i.name,
      siteName: i.name,
      address: i.address,
      developer: i.developer,
      constructor: i.builder,
      ...doc.project,
    },
    ...(i.color !== "#0f1f3d" ? { theme: { primary: i.color, ...doc.theme } } : {}),
    modelHouse: { ...doc.modelHouse, address: i.modelHouseAddress },
    contact: { phone: i.phone, ...doc.contact },
    business: i.business,
    images: { logo: i.logo, ...doc.images },
    legal: { ...doc.legal, constructorCredit: `시공 ${i.builder} · 시행 ${i.developer}` },
  };
}

describe("an older document", () => {
  test.each(["anyang", "suwon"])(
    "%s of before is upgraded into today's shape and shows what today's file shows",
    (id) => {
      const before = documentBefore(id);
      const upgraded = upgradeDocument(before) as Record<string, unknown>;
      // The argument is left as it was.
      expect(before.identity).toBeUndefined();
      const keys = Object.keys(upgraded);
      expect(keys.indexOf("identity")).toBeLessThan(keys.indexOf("project"));
      const project = before.project as Record<string, string>;
      const identity = upgraded.identity as Identity;
      expect(identity.name).toBe(project.complexName);
      expect(identity.builder).toBe(project.constructor);
      expect(identity.phone).toBe((before.contact as { phone: string }).phone);
      expect(identity.modelHouseAddress).toBe((before.modelHouse as { address: string }).address);
      expect(identity.business).toEqual(before.business);
      expect(upgraded).not.toHaveProperty("business");
      expect(upgraded.project).not.toHaveProperty("siteName");
      expect(upgraded.legal).not.toHaveProperty("constructorCredit");
      // Checked as today's documents are, whatever the copies it held; it shows what today's does.
      const old = withIdentity(siteFromData(upgraded, `sites/${id}`, `sites/${id}/site.yaml`));
      const today = withIdentity(loadSite(`sites/${id}`));
      expect(JSON.stringify(old.pages)).toBe(JSON.stringify(today.pages));
      expect(old.identity.name).toBe(today.identity.name);
      // Once upgraded, it is left as it is.
      expect(upgradeDocument(upgraded)).toBe(upgraded);
    },
  );

  test("a document without a theme gets the design's navy as its 대표 색", () => {
    const upgraded = upgradeDocument(documentBefore("anyang")) as { identity: Identity };
    expect(upgraded.identity.color).toBe("#0f1f3d");
    const suwon = upgradeDocument(documentBefore("suwon")) as { identity: Identity; theme: object };
    expect(suwon.identity.color).toBe("#16392f");
    expect(suwon.theme).not.toHaveProperty("primary");
  });

  test("the Latin wordmark no page reads any more is dropped, so a copy keeps no RAUMHEIM", () => {
    const today = loadSite("sites/anyang");
    const withWordmark = { ...today, artwork: { ...today.artwork, wordmark: "RAUMHEIM" } };
    const upgraded = upgradeDocument(withWordmark);
    expect(upgraded.artwork).not.toHaveProperty("wordmark");
    expect(upgraded.artwork.locationMap).toEqual(today.artwork?.locationMap);
    expect(withWordmark.artwork.wordmark).toBe("RAUMHEIM");
  });
});

describe("placeholders", () => {
  const identity = { ...anyang.identity, name: "힐스테이트 동탄 레이크", brand: "힐스테이트" };

  test("are filled from 단지 기본 정보, the particle after one made to fit", () => {
    expect(fillPlaceholders("{단지명}은 {단지 주소}에 들어섭니다", identity)).toBe(
      `힐스테이트 동탄 레이크는 ${identity.address}에 들어섭니다`,
    );
    expect(fillPlaceholders("{브랜드}이 짓는 ‘{단지명}’을 만나 보세요", identity)).toBe(
      "힐스테이트가 짓는 ‘힐스테이트 동탄 레이크’를 만나 보세요",
    );
    expect(fillPlaceholders("문의 {대표 전화} · {시공}과 {시행}", anyang.identity)).toBe(
      `문의 ${anyang.identity.phone} · ${anyang.identity.builder}과 ${anyang.identity.developer}`,
    );
    expect(fillPlaceholders("{단지명}으로 오세요", { ...identity, name: "센트럴" })).toBe(
      "센트럴로 오세요",
    );
  });

  test("an unknown one is refused at its field, in Korean, naming the placeholders there are", () => {
    const site = structuredClone(anyang);
    site.home.keyFacts.heading = "한눈에 보는 {단지 이름}";
    expect(siteProblems(site)).toEqual([
      {
        path: "home.keyFacts.heading",
        message: expect.stringMatching(
          /^알 수 없는 자리표시 \{단지 이름\}입니다\. 쓸 수 있는 자리표시: \{단지명\}, \{브랜드\}/,
        ),
        described: expect.stringContaining("home.keyFacts.heading"),
      },
    ]);
    expect(() => validateSite(site, FILE)).toThrow(
      /sites\/anyang\/site\.yaml: home\.keyFacts\.heading .*알 수 없는 자리표시 \{단지 이름\}/,
    );
  });

  test("{분양 대행} needs 분양 대행, and 단지 기본 정보 itself holds none", () => {
    const site = structuredClone(anyang);
    site.legal.adDisclaimer = "분양 대행 {분양 대행}";
    site.identity.developer = "{단지명}개발";
    expect(siteProblems(site).map((p) => [p.path, p.message])).toEqual([
      [
        "identity.developer",
        "단지 기본 정보에는 자리표시를 쓸 수 없습니다. 값을 그대로 적어 주세요",
      ],
      ["legal.adDisclaimer", "단지 기본 정보의 분양 대행이 비어 있어 {분양 대행}을 쓸 수 없습니다"],
    ]);
    site.identity.developer = anyang.identity.developer;
    site.identity.agency = "(주)별빛분양";
    expect(siteProblems(site)).toEqual([]);
    expect(withIdentity(site).legal.adDisclaimer).toBe("분양 대행 (주)별빛분양");
  });
});

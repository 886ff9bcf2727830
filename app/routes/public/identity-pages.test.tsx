import { afterAll, describe, expect, test } from "vitest";
import type { Identity, Site } from "~/content/schema";
import { pressPage } from "~/press/press-pages";
import { loadSite, resetSites, siteById } from "~/sites/registry.server";
import { renderPage } from "./render-page.test-support";

/*
 * Issue 39, "the identity, once": every field that holds a complex's identity reads it from 단지
 * 기본 정보. The anyang sample under another identity (name, brand, addresses, developer, builder,
 * business facts, phone), served as the registry serves it, renders every one of its pages — the
 * body with the header, footer, phone bar and popup, and the page's meta tags with Open Graph and
 * JSON-LD — and not one of them holds anyang's identity.
 */

const anyang = loadSite("sites/anyang");
const old = anyang.identity;

const other: Identity = {
  name: "힐스테이트 동탄 레이크",
  brand: "힐스테이트",
  address: "경기도 화성시 동탄면 오산동 100번지 일원",
  modelHouseAddress: "경기도 화성시 동탄대로 200 동탄 갤러리",
  developer: "(주)동탄레이크개발",
  builder: "새벽건설(주)",
  agency: "(주)별빛분양",
  business: {
    name: "(주)동탄레이크개발 분양사무소",
    representative: "이순신",
    registrationNumber: "123-81-45678",
    address: "경기도 화성시 동탄대로 300",
  },
  phone: "1577-2020",
  color: "#223344",
};

/**
 * The copy: anyang with another identity. Its brand's own story (what its name means, in Korean and
 * Latin letters) is prose an editor rewrites for a new brand, as they would here.
 */
const copy: Site = structuredClone({ ...anyang, identity: { ...other, logo: old.logo } });
copy.home.brand.text =
  "가족의 시간과 취향이 자라는 집, {브랜드}가 동탄에 세우는 기준을 만나 보세요.";
copy.infoPages.brandStory.paragraphs[0] = "{브랜드}는 살아 볼수록 좋은 집을 짓습니다.";

/** Anyang's identity, as any page could show it. */
const oldValues = [
  old.name,
  old.brand,
  old.address,
  old.modelHouseAddress,
  old.developer,
  old.builder,
  old.business.name,
  old.business.representative,
  old.business.registrationNumber,
  old.business.address,
  old.phone,
  `tel:${old.phone.replace(/-/g, "")}`,
];

describe("a complex's identity, once (단지 기본 정보)", () => {
  resetSites([copy]);
  afterAll(() => resetSites());
  const served = siteById(copy.id)!;

  test.each(served.pages.map((p) => p.path))(
    "%s shows the copy's identity and none of anyang's",
    async (path) => {
      const html = await renderPage(served, path);
      for (const value of oldValues) expect(html, value).not.toContain(value);
      expect(html).toContain(other.name);
      expect(html).toContain(other.phone);
    },
  );

  test("the press list's banner and description name it", () => {
    const page = JSON.stringify(pressPage(served, served.press.defaultSite));
    for (const value of oldValues) expect(page, value).not.toContain(value);
    expect(page).toContain(other.name);
  });

  test("the head names it: title, description, Open Graph and JSON-LD", async () => {
    const tags = await renderPage(served, "/BusinessGuide/intro");
    expect(tags).toContain(`"og:site_name","content":"${other.name}"`);
    expect(tags).toContain(`"title":"사업개요 | ${other.name}"`);
    expect(tags).toContain(`"@type":"BreadcrumbList"`);
  });

  test("사업개요, the footer and the privacy page give its developer, builder and business facts", async () => {
    const overview = await renderPage(served, "/BusinessGuide/intro");
    for (const value of [other.address, other.developer, other.builder]) {
      expect(overview).toContain(value);
    }
    expect(overview).toContain(
      `시공 ${other.builder} · 시행 ${other.developer} · 분양 대행 ${other.agency}`,
    );
    const privacy = await renderPage(served, "/privacy");
    for (const value of Object.values(other.business)) expect(privacy).toContain(value);
  });

  test("a particle after a placeholder fits the new name", async () => {
    const community = await renderPage(served, "/ComplexGuide/community");
    // "{단지명}은 건강, 배움…": 레이크 ends in a vowel.
    expect(community).toContain(`${other.name}는 건강`);
  });
});

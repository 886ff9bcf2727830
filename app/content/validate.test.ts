import { describe, expect, test } from "vitest";
import { loadSite } from "~/sites/registry.server";
import { validateSite } from "./validate";

const FILE = "sites/anyang/site.yaml";
const site = loadSite("sites/anyang");

describe("content validation", () => {
  test("the sample complex's content is valid as written", () => {
    expect(() => validateSite(site, FILE)).not.toThrow();
  });

  test("a missing phone number stops the build with a Korean message naming the file and the field", () => {
    const broken = { ...site, contact: { ...site.contact, phone: "" } };
    expect(() => validateSite(broken, FILE)).toThrow(
      /^sites\/anyang\/site\.yaml: contact\.phone .*전화번호 형식이 아닙니다/m,
    );
  });

  test("a menu link to a page that does not exist is refused", () => {
    const broken = {
      ...site,
      menu: [
        { title: "브랜드소개", items: [{ title: "없는 페이지", url: "/Brand/nothing" }] },
        ...site.menu.slice(1),
      ],
    };
    expect(() => validateSite(broken, FILE)).toThrow(
      /링크 대상 페이지가 없습니다: \/Brand\/nothing/,
    );
  });

  test("text the schema would trim is refused, because the site shows content as written", () => {
    const broken = { ...site, contact: { ...site.contact, hours: " 24시간 상담 가능 " } };
    expect(() => validateSite(broken, FILE)).toThrow(/앞뒤 공백/);
  });

  test("a unit-type video tab titled with an old type name is refused", () => {
    const tabs = site.videoTabs.map((t) =>
      t.unitKey === "59A" ? { ...t, title: "59타입 안내 영상" } : t,
    );
    expect(() => validateSite({ ...site, videoTabs: tabs }, FILE)).toThrow(
      /영상 탭 제목에 주택형 이름\(47A\)이 없습니다/,
    );
  });
});

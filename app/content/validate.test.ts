import { describe, expect, test } from "vitest";
import { site } from "./site";
import { validateContent } from "./validate";

describe("content validation", () => {
  test("the sample complex's content is valid as written", () => {
    expect(() => validateContent(site)).not.toThrow();
  });

  test("a missing phone number stops the build with a Korean message naming the field", () => {
    const broken = { ...site, contact: { ...site.contact, phone: "" } };
    expect(() => validateContent(broken)).toThrow(
      /콘텐츠\(app\/content\/site.ts\)가 올바르지 않습니다[\s\S]*contact\.phone/,
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
    expect(() => validateContent(broken)).toThrow(/링크 대상 페이지가 없습니다: \/Brand\/nothing/);
  });

  test("text the schema would trim is refused, because the site shows content as written", () => {
    const broken = { ...site, contact: { ...site.contact, hours: " 24시간 상담 가능 " } };
    expect(() => validateContent(broken)).toThrow(/앞뒤 공백/);
  });

  test("a unit-type video tab titled with an old type name is refused", () => {
    const tabs = site.videoTabs.map((t) =>
      t.unitKey === "59A" ? { ...t, title: "59타입 안내 영상" } : t,
    );
    expect(() => validateContent({ ...site, videoTabs: tabs })).toThrow(
      /영상 탭 제목에 주택형 이름\(47A\)이 없습니다/,
    );
  });
});

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
    const broken = { ...site, identity: { ...site.identity, phone: "" } };
    expect(() => validateSite(broken, FILE)).toThrow(
      /^sites\/anyang\/site\.yaml: identity\.phone .*전화번호 형식이 아닙니다/m,
    );
  });

  test("알림톡 and the sender number are optional; when given, a bad sender or template id is refused in Korean", () => {
    const kakao = {
      pfId: "KA01PF0001",
      templates: { visitConfirmation: "KA01TP01", staffAlert: "KA01TP02" },
    };
    expect(() =>
      validateSite({ ...site, kakao, sms: { sender: "1600-0000" } }, FILE),
    ).not.toThrow();
    expect(() => validateSite({ ...site, sms: { sender: "1234-56" } }, FILE)).toThrow(
      /sms\.sender "1234-56"은 발신번호는 전화번호 형식이어야 합니다/,
    );
    const badTemplate = { ...kakao, templates: { ...kakao.templates, staffAlert: "템플릿" } };
    expect(() => validateSite({ ...site, kakao: badTemplate }, FILE)).toThrow(
      /kakao\.templates\.staffAlert .*알림톡 템플릿 ID/,
    );
  });

  test("every phone number of a complex is taken as the lead form takes it: with or without hyphens, shown with them", () => {
    const written = {
      ...site,
      identity: { ...site.identity, phone: "16000000" },
      phoneBySource: { naver: { phone: "05071234567", staff: ["01055550101", "02 1234 5678"] } },
      sms: { sender: "0212345678" },
      privacy: { ...site.privacy, optOutNumber: "0800000000" },
    };
    const shown = validateSite(written, FILE);
    expect(shown.identity.phone).toBe("1600-0000");
    expect(shown.phoneBySource).toEqual({
      naver: { phone: "050-7123-4567", staff: ["010-5555-0101", "02-1234-5678"] },
    });
    expect(shown.sms).toEqual({ sender: "02-1234-5678" });
    expect(shown.privacy.optOutNumber).toBe("080-000-0000");
    expect(() =>
      validateSite({ ...site, privacy: { ...site.privacy, optOutNumber: "수신거부" } }, FILE),
    ).toThrow(/privacy\.optOutNumber "수신거부"는 전화번호 형식이 아닙니다/);
  });

  test("a number per ad source is optional; a bad number or source is refused in Korean naming the field", () => {
    const naver = { phone: "050-7123-4567", staff: ["010-5555-0101"] };
    expect(() => validateSite({ ...site, phoneBySource: { naver } }, FILE)).not.toThrow();
    expect(() =>
      validateSite({ ...site, phoneBySource: { naver: { ...naver, phone: "0507123" } } }, FILE),
    ).toThrow(/phoneBySource\.naver\.phone .*전화번호 형식이 아닙니다/);
    expect(() =>
      validateSite({ ...site, phoneBySource: { naver: { ...naver, staff: ["담당자"] } } }, FILE),
    ).toThrow(/phoneBySource\.naver\.staff\.0 .*전화번호 형식이 아닙니다/);
    expect(() => validateSite({ ...site, phoneBySource: { Naver: naver } }, FILE)).toThrow(
      /phoneBySource\.Naver: 유입 소스\(utm_source\)는 영문 소문자/,
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
    expect(() => validateSite(broken, FILE)).toThrow(
      /^sites\/anyang\/site\.yaml: contact\.hours " 24시간 상담 가능 "은\(는\) 스키마가 바꾸는 값입니다 \(앞뒤 공백 등\)/,
    );
  });

  test("a unit-type video tab titled with an old type name is refused", () => {
    const tabs = site.videoTabs.map((t) =>
      t.unitKey === "59A" ? { ...t, title: "59타입 안내 영상" } : t,
    );
    expect(() => validateSite({ ...site, videoTabs: tabs }, FILE)).toThrow(
      /영상 탭 제목에 주택형 이름\(47A\)이 없습니다/,
    );
  });

  test("a picture without its alt text is refused in Korean naming the field; a banner's background may have none", () => {
    const unitTypes = site.unitTypes.map((u, i) =>
      i === 1 ? { ...u, plan: { ...u.plan, alt: "" } } : u,
    );
    expect(() => validateSite({ ...site, unitTypes }, FILE)).toThrow(
      /^sites\/anyang\/site\.yaml: unitTypes\.1\.plan\.alt .*대체 텍스트를 입력해 주세요$/m,
    );
    expect(site.images.bannerDefault.alt).toBe("");
    expect(() => validateSite(site, FILE)).not.toThrow();
  });
});

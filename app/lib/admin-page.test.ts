import { describe, expect, test } from "vitest";
import { loadSite } from "~/sites/registry.server";
import { ADMIN_LAYOUT_ID, adminMeta } from "./admin-page";

describe("a console page's title", () => {
  const root = {
    id: "root",
    data: { site: loadSite("sites/anyang"), siteUrl: "http://localhost" },
  };
  const titleOf = (meta: ReturnType<typeof adminMeta>) =>
    (meta.find((m) => "title" in m) as { title: string }).title;

  test("names the complex being worked on, not the host's", () => {
    const frame = {
      id: ADMIN_LAYOUT_ID,
      data: { current: { name: "아벨루스 광교 레이크파크" } },
    };
    const title = titleOf(adminMeta([root, frame], "콘텐츠 편집"));
    expect(title).toBe("콘텐츠 편집 · 관리자 | 아벨루스 광교 레이크파크");
    expect(title).not.toContain("라움하임");
  });

  test("outside the console's frame (sign-in), names the host's complex", () => {
    expect(titleOf(adminMeta([root], "로그인"))).toBe("로그인 · 관리자 | 라움하임 평촌 센트럴");
  });
});

import { PRESS_MENU_URL } from "~/content/pages";
import type { Page, Site } from "~/content/schema";

/** A post's view count as every page writes it (server/rendered-cache.js finds it in this form). */
export function formatViews(views: number): string {
  return views.toLocaleString("ko-KR");
}

/**
 * Page description of the complex's press list at `/<pressSite>/press` (press pages are not in
 * the complex's pages: their path has the press site's id). Its title and section are those of
 * the complex's menu item for the press pages, so the banner and the section tabs are its own.
 */
export function pressPage(site: Site, pressSite: string): Page {
  const siteName = site.identity.name;
  const group = site.menu.find((g) => g.items.some((i) => i.url === PRESS_MENU_URL));
  const item = group?.items.find((i) => i.url === PRESS_MENU_URL);
  return {
    path: `/${pressSite}/press`,
    title: item?.title ?? "보도자료",
    description: `${siteName} 관련 보도자료와 소식을 전해 드립니다.`,
    banner: {
      title: "PRESS",
      slogans: [`${siteName}의 새로운 소식`, "언론에 소개된 이야기를 만나보세요"],
    },
    srDescription: "보도자료 목록 페이지입니다.",
    section: group?.title,
    noindex: false,
  };
}

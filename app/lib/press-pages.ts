import type { Page } from "~/content";

/** Page description of a site's press list (press pages are not in content.pages: their path has the site id). */
export function pressPage(site: string): Page {
  return {
    path: `/${site}/press`,
    title: "보도자료",
    description: "라움하임 평촌 센트럴 관련 보도자료와 소식을 전해 드립니다.",
    banner: {
      title: "PRESS",
      slogans: ["라움하임 평촌 센트럴의 새로운 소식", "언론에 소개된 이야기를 만나보세요"],
    },
    srDescription: "보도자료 목록 페이지입니다.",
    section: "홍보센터",
    noindex: false,
  };
}

/*
 * The pages and the menu of a complex started blank (blank.server.ts): the site map every complex
 * has, each page titled and described in neutral Korean that names the complex through 단지 기본
 * 정보 ({단지명}), its banner a title in capitals and one slogan.
 */

/** The one placeholder unit type (the schema wants at least one; its figures stay 준비 중). */
export const BLANK_UNIT = { key: "1A", label: "A", path: "/FloorPlan/1A" } as const;

/** A page: its title, a one-line description, and its banner (title in capitals, one slogan). */
function page(
  path: string,
  title: string,
  bannerTitle: string,
  section?: string,
  extra: { noindex?: boolean; menuUrl?: string } = {},
) {
  return {
    path,
    title,
    description: `{단지명} ${title} 안내 페이지입니다.`,
    banner: { title: bannerTitle, slogans: [`{단지명} ${title}`] },
    srDescription: `{단지명}의 ${title} 페이지입니다. 내용은 준비 중입니다.`,
    ...(section ? { section } : {}),
    ...extra,
  };
}

export const BLANK_MENU = [
  {
    title: "브랜드",
    items: [
      { title: "브랜드 소개", url: "/Brand/intro" },
      { title: "홍보영상", url: "/Brand/video" },
    ],
  },
  {
    title: "사업안내",
    items: [
      { title: "사업개요", url: "/BusinessGuide/intro" },
      { title: "분양일정", url: "/BusinessGuide/plan" },
      { title: "계약서류", url: "/BusinessGuide/documents" },
    ],
  },
  {
    title: "분양안내",
    url: "/SalesInfo/announcement",
    items: [
      { title: "입주자 모집공고", url: "/SalesInfo/announcement" },
      { title: "청약방법", url: "/SalesInfo/SubscriptionGuide" },
      { title: "청약안내문", url: "/SalesInfo/guide" },
      { title: "인지세", url: "/SalesInfo/stampTax" },
    ],
  },
  {
    title: "입지환경",
    items: [
      { title: "입지안내", url: "/LocationEnvironment/intro" },
      { title: "프리미엄", url: "/LocationEnvironment/primium" },
    ],
  },
  {
    title: "단지안내",
    items: [
      { title: "단지배치도", url: "/ComplexGuide/intro" },
      { title: "동호수 배치도", url: "/ComplexGuide/detailintro" },
      { title: "커뮤니티", url: "/ComplexGuide/community" },
    ],
  },
  {
    title: "주택형",
    items: [
      { title: `${BLANK_UNIT.label} 타입`, url: BLANK_UNIT.path },
      { title: "E-모델하우스", url: "/FloorPlan/Emodel" },
      { title: "분양영상", url: "/FloorPlan/videos" },
    ],
  },
  {
    title: "고객센터",
    items: [
      { title: "방문예약", url: "/Promotion/Customer" },
      { title: "보도자료", url: "/Promotion/Press" },
    ],
  },
];

export const BLANK_PAGES = [
  {
    ...page("/", "{단지명} 분양 안내", "{단지명}"),
    description: "{단지명} 분양 홈페이지입니다. 단지 소개와 분양 일정을 준비하고 있습니다.",
    banner: { title: "{단지명}", slogans: ["{단지명} 분양 홈페이지를 준비하고 있습니다"] },
    srDescription: "{단지명} 분양 홈페이지의 첫 화면입니다.",
  },
  page("/Brand/intro", "브랜드 소개", "BRAND", "브랜드"),
  page("/Brand/video", "홍보영상", "BRAND", "브랜드"),
  page("/BusinessGuide/intro", "사업개요", "BUSINESS", "사업안내"),
  page("/BusinessGuide/plan", "분양일정", "BUSINESS", "사업안내"),
  page("/BusinessGuide/documents", "계약서류", "BUSINESS", "사업안내"),
  page("/SalesInfo/announcement", "입주자 모집공고", "SALES", "분양안내"),
  page("/SalesInfo/SubscriptionGuide", "청약방법", "SALES", "분양안내"),
  page("/SalesInfo/guide", "청약안내문", "SALES", "분양안내"),
  page("/SalesInfo/stampTax", "인지세", "SALES", "분양안내"),
  page("/LocationEnvironment/intro", "입지안내", "LOCATION", "입지환경"),
  page("/LocationEnvironment/primium", "프리미엄", "PREMIUM", "입지환경"),
  page("/ComplexGuide/intro", "단지배치도", "COMPLEX", "단지안내"),
  page("/ComplexGuide/detailintro", "동호수 배치도", "COMPLEX", "단지안내"),
  page("/ComplexGuide/community", "커뮤니티", "COMPLEX", "단지안내"),
  page(BLANK_UNIT.path, `${BLANK_UNIT.label} 타입`, "FLOOR PLAN", "주택형"),
  page("/FloorPlan/Emodel", "E-모델하우스", "FLOOR PLAN", "주택형"),
  page("/FloorPlan/videos", "분양영상", "FLOOR PLAN", "주택형"),
  page("/Promotion/Customer", "방문예약", "CUSTOMER", "고객센터"),
  page("/register", "방문예약 · 관심고객 등록", "CUSTOMER", "고객센터", {
    noindex: true,
    menuUrl: "/Promotion/Customer",
  }),
  page("/privacy", "개인정보처리방침", "PRIVACY POLICY"),
];

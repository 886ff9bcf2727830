import { finalConsonant } from "~/content/identity";
import type { ContentInput, SiteMeta } from "~/content/schema";
import { DRAWN_SIZE, DRAWN_SLOT_SRC } from "~/sites/drawn-pictures.server";
import { BLANK_MENU, BLANK_PAGES, BLANK_UNIT } from "./blank-pages";

/*
 * A complex started blank (issue 39, item 3; docs/decisions/045-blank-complex.md): a whole document
 * that passes the site schema and holds no fact of any other complex. Its texts are neutral Korean
 * placeholders that name the complex through 단지 기본 정보 ({단지명}); a fact nobody has given yet
 * is left out where the schema lets it (세대수, 층수, 면적, 입지 장점, 동 목록, 범례: the pages say
 * 준비 중), and films, VR and the recruitment notice are empty (their own 준비중 notices). Pictures
 * are the shared neutral placeholders (assets/images/placeholder/), the logo and the share image
 * drawn from the identity (docs/decisions/043-drawn-identity-pictures.md).
 *
 * Written here, never copied from a sample: typed by the schema's input type, so a new required
 * field fails the typecheck until it gets its placeholder here. Every text is in this file and,
 * for the pages and the menu, in blank-pages.ts.
 */

/**
 * Numbers the schema requires but nobody gave: clearly not real, and refused at 게시 until the
 * editor enters the complex's own (content-store.server.ts documentProblems).
 */
export const BLANK_NUMBERS = {
  "identity.phone": "1500-0000",
  "privacy.optOutNumber": "080-0000-0000",
} as const;

/** The message at 게시 for a number still the placeholder. */
export const BLANK_NUMBER_MESSAGE = "아직 임시 번호입니다. 실제 번호를 입력해 주세요";

/** The word a fact of 단지 기본 정보 holds until the editor enters it. */
const PENDING_FACT = "준비 중";

/** Shared neutral pictures (assets/images/placeholder/), drawn for this, without any text. */
const picture = {
  wide: (alt: string) => ({ src: "placeholder/wide.svg", width: 1920, height: 1200, alt }),
  tall: (alt: string) => ({ src: "placeholder/tall.svg", width: 1170, height: 1890, alt }),
  card: (alt: string) => ({ src: "placeholder/card.svg", width: 1200, height: 840, alt }),
  plan: (alt: string) => ({ src: "placeholder/plan.svg", width: 1200, height: 900, alt }),
};
const banner = picture.wide("");

/** "{단지명}의 입지 소개를 준비하고 있습니다. …": a section's intro until it is written. */
const intro = (what: string) =>
  `{단지명}의 ${what}${finalConsonant(what) ? "을" : "를"} 준비하고 있습니다. 확정되는 대로 안내해 드리겠습니다.`;

/** Four cards of the same kind (the premium cards, the brand pillars): placeholders, numbered. */
const premiumCard = (n: number) => ({
  image: picture.card(`{단지명} 프리미엄 ${n} 그림 (준비 중)`),
  title: `프리미엄 ${n}`,
  text1: "프리미엄 소개를 준비하고 있습니다.",
  text2: "확정되는 대로 안내해 드리겠습니다.",
  link: "/LocationEnvironment/primium",
  linkText: "프리미엄 보기",
});

const titled = (title: string) => ({ title, text: "자세한 내용을 준비하고 있습니다." });

const documentInput = {
  identity: {
    // The caller's name, and the brand the same until one is entered (blankContent).
    name: "",
    brand: "",
    address: PENDING_FACT,
    modelHouseAddress: PENDING_FACT,
    developer: PENDING_FACT,
    builder: PENDING_FACT,
    business: {
      name: PENDING_FACT,
      representative: PENDING_FACT,
      registrationNumber: PENDING_FACT,
      address: PENDING_FACT,
    },
    phone: BLANK_NUMBERS["identity.phone"],
    // The design's navy (content/identity.ts DEFAULT_COLOR): white text on it passes 4.5:1.
    color: "#0f1f3d",
  },
  project: {
    lot: PENDING_FACT,
    exclusiveAreas: [],
    moveIn: PENDING_FACT,
    remainingUnitsNotice: "잔여 세대 현황은 분양이 시작되면 안내해 드립니다.",
  },
  modelHouse: {
    name: "{단지명} 견본주택",
    hoursText: "운영 시간은 개관 일정이 정해지면 안내해 드립니다.",
    mapLinks: { naver: "https://map.naver.com/", kakao: "https://map.kakao.com/" },
    visits: {
      openWeekdays: [0, 1, 2, 3, 4, 5, 6],
      opensAt: "10:00",
      closesAt: "18:00",
      slotMinutes: 60,
      capacityPerSlot: 1,
      closedDates: [],
      bookableDays: 14,
    },
  },
  home: {
    hero: {
      wide: picture.wide("{단지명} 대표 그림 (준비 중)"),
      tall: picture.tall("{단지명} 대표 그림 (준비 중)"),
      ctaLabel: "관심고객 등록",
    },
    keyFacts: {
      heading: "{단지명} 주요 정보",
      labels: {
        households: "세대수",
        floors: "건축 규모",
        areas: "전용면적",
        brandTown: "브랜드타운",
        moveIn: "입주 예정",
      },
    },
    location: {
      eyebrow: "LOCATION",
      heading: "입지 안내",
      intro: intro("입지 소개"),
      points: [titled("교통"), titled("생활"), titled("교육")],
      ctaLabel: "관심고객 등록",
    },
    brand: {
      eyebrow: "BRAND",
      heading: "브랜드 소개",
      text: intro("브랜드 소개"),
      linkText: "브랜드 소개 보기",
      image: picture.card("{단지명} 브랜드 그림 (준비 중)"),
    },
    environment: {
      eyebrow: "ENVIRONMENT",
      heading: "주변 환경",
      text: intro("주변 환경 소개"),
      linkText: "입지안내 보기",
      image: picture.wide("{단지명} 주변 환경 그림 (준비 중)"),
    },
    specialPlan: {
      eyebrow: "SPECIAL PLAN",
      heading: "특화 설계",
      intro: intro("특화 설계 소개"),
      items: [titled("단지 설계"), titled("평면 설계")],
      image: picture.card("{단지명} 특화 설계 그림 (준비 중)"),
    },
    premium: {
      heading: "PREMIUM",
      intro: intro("프리미엄 소개"),
      expandHint: "카드를 누르면 설명이 펼쳐집니다.",
    },
    unitPlan: {
      eyebrow: "UNIT PLAN",
      heading: "주택형 안내",
      text: "주택형별 평면과 면적을 준비하고 있습니다.",
      link: BLANK_UNIT.path,
      linkText: "주택형 보기",
      image: picture.plan(`${BLANK_UNIT.label} 타입 평면도 (준비 중)`),
      viewerHeading: "주택형 보기",
      viewerKeys: [BLANK_UNIT.key],
      typeGuideTitle: "타입 안내",
      emodelTitle: "E-모델하우스",
      vrKey: BLANK_UNIT.key,
    },
    overview: {
      heading: "사업 개요",
      overviewTitle: "사업개요",
      locationTitle: "입지환경",
      location: {
        text: intro("입지 소개"),
        image: picture.wide("{단지명} 입지 그림 (준비 중)"),
        linkText: "입지안내 보기",
      },
      premiumTitle: "프리미엄",
      sliderLabel: "{단지명} 프리미엄",
    },
    complexGuide: {
      heading: "단지 안내",
      items: [
        {
          ...titled("단지배치도"),
          image: picture.plan("{단지명} 단지배치도 (준비 중)"),
          link: "/ComplexGuide/intro",
        },
        {
          ...titled("동호수 배치도"),
          image: picture.plan("{단지명} 동호수 배치도 (준비 중)"),
          link: "/ComplexGuide/detailintro",
        },
        {
          ...titled("커뮤니티"),
          image: picture.card("{단지명} 커뮤니티 그림 (준비 중)"),
          link: "/ComplexGuide/community",
        },
      ],
    },
    visit: {
      eyebrow: "VISIT",
      heading: "방문예약",
      intro: "견본주택 방문을 예약하시면 개관 일정에 맞춰 안내해 드립니다.",
      formHeading: "방문예약 신청",
      modelHouseHeading: "견본주택 안내",
      directionsLabel: "오시는 길",
      scheduleHeading: "분양 일정",
      scheduleLinkText: "분양 일정 보기",
    },
  },
  contact: { hours: "상담 시간은 분양 일정이 정해지면 안내해 드립니다." },
  // The footer needs one link: the public subscription site, which every complex's buyers use.
  familySites: [{ name: "청약홈", url: "https://www.applyhome.co.kr" }],
  menu: BLANK_MENU,
  videoMenu: [
    { title: "홍보영상", url: "/Brand/video" },
    { title: "분양영상", url: "/FloorPlan/videos" },
  ],
  pages: BLANK_PAGES,
  redirects: [],
  premiumCards: [1, 2, 3, 4].map(premiumCard),
  overviewRows: [
    { label: "단지명", value: "{단지명}" },
    { label: "대지위치", value: "{단지 주소}" },
    { label: "시행", value: "{시행}" },
    { label: "시공", value: "{시공}" },
  ],
  locationHighlights: [],
  unitTypes: [
    {
      key: BLANK_UNIT.key,
      label: BLANK_UNIT.label,
      path: BLANK_UNIT.path,
      plan: picture.plan(`${BLANK_UNIT.label} 타입 평면도 (준비 중)`),
      viewerImage: picture.plan(`${BLANK_UNIT.label} 타입 평면도 (준비 중)`),
    },
  ],
  interiors: [],
  infoPages: {
    brandStory: {
      eyebrow: "BRAND STORY",
      heading: "{브랜드} 이야기",
      paragraphs: [intro("브랜드 이야기")],
      image: picture.card("{브랜드} 브랜드 그림 (준비 중)"),
      pillarsHeading: "브랜드 가치",
      pillars: ["01", "02", "03"].map((label) => ({
        label,
        title: `브랜드 가치 ${label}`,
        text: "브랜드 가치 소개를 준비하고 있습니다.",
        image: picture.card(`브랜드 가치 ${label} 그림 (준비 중)`),
      })),
      comingSoon: "브랜드 이야기는 곧 자세히 소개해 드리겠습니다.",
    },
    overviewPage: {
      heading: "{단지명} 사업개요",
      tableCaption: "사업개요",
      highlightLabels: { households: "세대수", floors: "건축 규모", areas: "전용면적" },
      note: "사업개요는 인허가 과정에서 바뀔 수 있으니 입주자 모집공고를 꼭 확인해 주세요.",
    },
    schedule: {
      heading: "분양 일정",
      intro: "분양 일정은 입주자 모집공고가 나오면 확정됩니다.",
      listLabel: "{단지명} 분양 일정",
      milestones: [
        { key: "announcement", step: "입주자 모집공고", place: "청약홈" },
        { key: "subscription", step: "청약 접수", place: "청약홈" },
        { key: "winners", step: "당첨자 발표", place: "청약홈" },
        { key: "contract", step: "계약", place: "{단지명} 견본주택" },
      ],
      comingSoon: "분양 일정은 확정되는 대로 이 페이지에서 알려 드리겠습니다.",
    },
    documents: {
      heading: "당첨자 계약서류",
      intro: "계약 때 준비하실 서류를 안내합니다.",
      groups: [],
      comingSoon: "계약서류는 입주자 모집공고 후 자세히 안내해 드리겠습니다.",
    },
    community: {
      heading: "커뮤니티",
      intro: intro("커뮤니티 시설 소개"),
      facilities: [],
      note: "커뮤니티 시설의 종류와 규모는 설계 과정에서 바뀔 수 있습니다.",
      comingSoon: "커뮤니티 시설은 설계가 확정되면 소개해 드리겠습니다.",
    },
    locationPage: {
      heading: "입지안내",
      intro: intro("입지 소개"),
      mapHeading: "입지 개략도",
      map: picture.plan("{단지명} 입지 개략도 (준비 중)"),
      highlightsHeading: "입지 장점",
      disclaimersHeading: "유의사항",
      disclaimers: ["개략도는 위치를 이해하기 쉽게 그린 것으로 실제 거리와 다릅니다."],
    },
    premiumPage: { heading: "{단지명} 프리미엄", intro: intro("프리미엄 소개") },
    sitePlan: {
      heading: "단지배치도",
      intro: intro("단지배치도"),
      image: picture.plan("{단지명} 단지배치도 (준비 중)"),
      legendHeading: "범례",
      legend: [],
      disclaimersHeading: "유의사항",
      disclaimers: ["단지배치도는 인허가와 설계 과정에서 바뀔 수 있습니다."],
    },
    unitPositions: {
      heading: "동호수 배치도",
      intro: intro("동호수 배치도"),
      image: picture.plan("{단지명} 동호수 배치도 (준비 중)"),
      tableHeading: "동·라인별 주택형",
      tableCaption: "동과 호 라인별 주택형",
      legendHeading: "주택형",
      typeColors: [],
      buildings: [],
      disclaimersHeading: "유의사항",
      disclaimers: ["동호수 배치는 인허가와 설계 과정에서 바뀔 수 있습니다."],
    },
    interiorPage: {
      galleryHeading: "인테리어",
      noticeHeading: "유의사항",
      notices: ["인테리어 사진은 준비 중입니다."],
    },
  },
  brandVideo: { src: "", poster: picture.wide("{단지명} 홍보영상 포스터 (준비 중)") },
  videoTabs: [
    { id: 1, title: "분양영상", src: "", poster: picture.wide("분양영상 포스터 (준비 중)") },
  ],
  vr: {
    defaultKey: BLANK_UNIT.key,
    tabs: [{ key: BLANK_UNIT.key, title: BLANK_UNIT.label, src: "" }],
  },
  floorPlanPage: {
    headline: "{단지명} 주택형 안내",
    videoLinkText: "분양영상 보기",
    notices: ["평면도와 면적은 확정되는 대로 안내해 드립니다."],
  },
  announcement: { title: "{단지명} 입주자 모집공고", pdfUrl: "" },
  subscriptionGuide: {
    officialName: "청약홈",
    officialUrl: "https://www.applyhome.co.kr",
    steps: [
      { title: "인증서 준비", text: "청약홈에서 쓸 수 있는 인증서를 미리 준비해 주세요." },
      { title: "청약 신청", text: "청약홈에 로그인해 {단지명}을 찾아 신청합니다." },
      { title: "접수 확인", text: "신청 후 청약홈에서 접수 내역을 확인합니다." },
    ],
    notes: [],
  },
  salesGuide: {
    caveat: "청약 자격과 일정은 입주자 모집공고가 기준입니다.",
    checkpoints: [
      {
        title: "청약 전 확인",
        items: ["자세한 청약 안내는 입주자 모집공고 후 알려 드리겠습니다."],
      },
    ],
  },
  stampTax: {
    buyerSharePercent: 50,
    shareNote: "인지세 부담 비율은 공급계약서를 확인해 주세요.",
  },
  press: { defaultSite: "press", sites: ["press"], authorLabel: "{단지명}" },
  seo: {
    titleTemplate: "%s | {단지명}",
    // Drawn from the identity and the hero at 게시 (drawn-pictures.server.ts).
    ogImage: { src: DRAWN_SLOT_SRC.share, ...DRAWN_SIZE.share, alt: "{단지명} 대표 이미지" },
    naverSiteVerification: "",
    keywords: ["{단지명}"],
  },
  images: { bannerDefault: banner, banners: {} },
  legal: {
    disclaimers: [
      "홈페이지의 그림과 내용은 이해를 돕기 위한 것으로 실제와 다를 수 있습니다.",
      "분양 조건과 일정은 입주자 모집공고를 기준으로 합니다.",
    ],
    adDisclaimer: "이 홈페이지는 분양 광고입니다. 청약 전 입주자 모집공고를 꼭 확인해 주세요.",
    smsNotice: "방문예약을 하시면 예약 확인 문자를 보내 드립니다.",
  },
  privacy: {
    consentVersion: "1",
    items: "이름, 휴대전화번호, 상담 내용과 방문 희망 일시(입력한 경우)",
    purpose: "분양 상담과 견본주택 방문예약 안내",
    retentionDays: 180,
    refusal:
      "개인정보 수집·이용을 거부하실 수 있으며, 거부하시면 상담 신청과 방문예약을 하실 수 없습니다.",
    smsConsentText: "(선택) 분양 소식을 문자로 받겠습니다.",
    optOutNumber: BLANK_NUMBERS["privacy.optOutNumber"],
    controller: "{상호} 개인정보 보호책임자 {대표자}",
    autoCollected: "접속 IP 주소, 브라우저 종류, 신청 일시 (부정 이용 방지용)",
    effectiveDate: "2026-01-01",
    destruction: ["보유기간이 끝난 개인정보는 지체 없이 파기합니다."],
    thirdParty: "개인정보를 제3자에게 제공하지 않습니다. 다만 법령에 정한 경우는 예외입니다.",
    processors: [{ name: "{상호}", task: "분양 상담과 방문예약 안내" }],
    rights: ["언제든지 본인의 개인정보 열람, 정정, 삭제, 처리정지를 요청하실 수 있습니다."],
    safeguards: ["개인정보는 권한을 받은 담당자만 볼 수 있고, 전송 구간을 암호화합니다."],
  },
} satisfies ContentInput;

export type BlankInput = { id: string; name: string; hosts: string[] };

/**
 * A new complex's whole document, blank: `name` as its 단지명 (and 브랜드, until one is entered),
 * its press address its id (/<id>/press), every other text a neutral placeholder.
 */
export function blankContent({ id, name, hosts }: BlankInput): SiteMeta & ContentInput {
  const content = structuredClone(documentInput) as ContentInput;
  const trimmed = name.trim();
  content.identity = { ...content.identity, name: trimmed, brand: trimmed };
  content.press = { ...content.press, defaultSite: id, sites: [id] };
  return { id, hosts, ...content };
}

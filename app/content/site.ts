import type { ContentInput } from "./schema";

/*
 * Sample content: a fictional complex, "라움하임 평촌 센트럴", by a fictional brand and builder.
 * Everything about one development lives in this file (and the artwork under assets/images/).
 * Launching another complex means editing this file, not components.
 */

const img = (src: string, width: number, height: number, alt: string) => ({
  src,
  width,
  height,
  alt,
});

const banner = {
  brand: {
    title: "BRAND",
    slogans: ["라움하임이 평촌에 새로운 기준을 세웁니다", "머무는 곳이 아닌, 누리는 곳"],
  },
  business: {
    title: "BUSINESS",
    slogans: ["평촌 중심에 들어서는 48층 랜드마크", "지하 5층 ~ 지상 48층, 900세대"],
  },
  sales: {
    title: "SALES INFO",
    slogans: ["청약부터 계약까지, 꼭 필요한 정보만", "분양 일정과 자격을 확인하세요"],
  },
  location: {
    title: "LOCATION",
    slogans: ["평촌의 모든 생활이 가까워집니다", "교통 · 교육 · 생활 인프라를 한 번에"],
  },
  complex: {
    title: "COMPLEX",
    slogans: ["숲과 빛을 품은 단지 설계", "동간 거리를 넓힌 쾌적한 배치"],
  },
  floor: {
    title: "UNIT GUIDE",
    slogans: ["영상으로 미리 보는 프리미엄 가치", "공간마다 달라지는 삶의 여유"],
  },
  /** The unit floor-plan pages: their own words, not the video pages'. */
  plan: {
    title: "UNIT PLAN",
    slogans: ["생활에 맞춰 고르는 여섯 가지 평면", "타입별 평면과 면적을 한눈에"],
  },
  interior: {
    title: "INTERIOR",
    slogans: ["매일이 특별해지는 프리미엄 인테리어", "세심하게 고른 마감과 동선"],
  },
  promotion: {
    title: "PROMOTION",
    slogans: ["방문예약 시 모델하우스 위치와 잔여세대를 안내해 드립니다", "24시간 상담 가능"],
  },
};

export const site = {
  project: {
    brandName: "라움하임",
    complexName: "라움하임 평촌 센트럴",
    siteName: "라움하임 평촌 센트럴",
    address: "경기도 안양시 동안구 평촌동 934번지 일원",
    lot: "934",
    floors: { basement: 5, above: 48 },
    exclusiveAreas: [47, 84, 99, 114, 115],
    households: 900,
    brandTownHouseholds: 5290,
    moveIn: "2030년 6월 예정",
    developer: "(주)평촌센트럴개발",
    constructor: "한결건설(주)",
    remainingUnitsNotice: "잔여세대는 동·호수별로 상이하며 방문 시 상담사가 안내해 드립니다.",
  },
  modelHouse: {
    name: "라움하임 평촌 센트럴 견본주택",
    address: "경기도 안양시 동안구 시민대로 000 라움하임 견본주택 (샘플 주소)",
    hoursText: "매일 10:00 ~ 18:00 (1월 1일 · 설 · 추석 당일 휴관)",
    mapLinks: {
      naver:
        "https://map.naver.com/p/search/%EC%95%88%EC%96%91%EC%8B%9C%20%EB%8F%99%EC%95%88%EA%B5%AC%20%EC%8B%9C%EB%AF%BC%EB%8C%80%EB%A1%9C",
      kakao:
        "https://map.kakao.com/?q=%EC%95%88%EC%96%91%EC%8B%9C%20%EB%8F%99%EC%95%88%EA%B5%AC%20%EC%8B%9C%EB%AF%BC%EB%8C%80%EB%A1%9C",
    },
    visits: {
      openWeekdays: [0, 1, 2, 3, 4, 5, 6],
      opensAt: "10:00",
      closesAt: "18:00",
      slotMinutes: 60,
      capacityPerSlot: 6,
      closedDates: ["2027-01-01", "2027-02-06", "2027-02-07", "2027-02-08"],
      bookableDays: 14,
    },
  },
  home: {
    hero: {
      wide: img(
        "photo/home-hero-wide.svg",
        1920,
        1200,
        "해 질 녘 라움하임 평촌 센트럴 6개 동과 중앙 숲광장을 내려다본 조감 일러스트",
      ),
      tall: img(
        "photo/home-hero-tall.svg",
        1170,
        1890,
        "해 질 녘 라움하임 평촌 센트럴 6개 동과 중앙 숲광장을 내려다본 조감 일러스트",
      ),
      ctaLabel: "관심고객 등록하기",
    },
    keyFacts: {
      heading: "한눈에 보는 라움하임 평촌 센트럴",
      labels: {
        households: "총 세대수",
        floors: "건축규모",
        areas: "전용면적",
        brandTown: "브랜드타운",
        moveIn: "입주",
      },
    },
    location: {
      eyebrow: "LOCATION",
      heading: "평촌의 모든 생활이 걸어서 닿는 곳",
      intro:
        "4호선 평촌역과 범계역 사이, 학원가와 공원, 관공서가 모인 평촌 신도시의 중심에 들어섭니다.",
      points: [
        {
          title: "더블 역세권",
          text: "4호선 평촌역·범계역 생활권, 수도권 제1순환고속도로 평촌IC가 가깝습니다.",
        },
        { title: "평촌 학원가", text: "초·중·고교와 평촌 학원가를 가까이 누리는 교육 환경입니다." },
        {
          title: "원스톱 생활",
          text: "백화점, 대형마트, 안양시청과 종합병원이 가까운 생활권입니다.",
        },
        { title: "숲과 물", text: "중앙공원과 학의천 산책로를 일상처럼 누립니다." },
      ],
      ctaLabel: "입지 상담 신청하기",
    },
    brand: {
      eyebrow: "BRAND",
      heading: "머무는 곳이 아닌, 누리는 곳",
      text: "공간(Raum)과 집(Heim)을 더한 이름처럼, 가족의 시간과 취향이 자라는 집을 짓습니다. 라움하임이 평촌에 세우는 새로운 기준을 영상으로 만나 보세요.",
      linkText: "브랜드 영상 보기",
      image: img(
        "brand/philosophy.svg",
        1200,
        720,
        "빛이 드는 고층 주동과 숲 조경을 표현한 라움하임 브랜드 이미지",
      ),
    },
    environment: {
      eyebrow: "LOCATION ENVIRONMENT",
      heading: "학의천과 중앙공원 사이, 평촌의 중심",
      text: "광역 교통, 교육, 생활 인프라와 자연까지. 여섯 가지 입지 가치를 확인하세요.",
      linkText: "입지환경 자세히 보기",
      image: img(
        "photo/home-environment.svg",
        1920,
        800,
        "학의천과 4호선 철길, 공원으로 둘러싸인 단지 주변을 내려다본 일러스트",
      ),
    },
    specialPlan: {
      eyebrow: "SPECIAL PLAN",
      heading: "48층 랜드마크에 담은 특화 설계",
      intro:
        "남향 위주의 배치와 넓은 동간 거리, 차 없는 지상 공원까지. 매일의 풍경이 달라지는 설계입니다.",
      items: [
        { title: "남향 위주 6개 동", text: "동간 거리를 넓혀 빛과 바람이 깊이 드는 배치" },
        { title: "최고 48층 스카이라인", text: "평촌 도심과 공원을 내려다보는 조망 (일부 세대)" },
        { title: "차 없는 지상 공원", text: "중앙 숲광장과 수경시설을 잇는 보행 중심 단지" },
        { title: "4Bay 판상형 평면", text: "맞통풍과 채광을 고려한 주력 평면 (일부 타입)" },
      ],
      image: img(
        "photo/home-layout.svg",
        960,
        720,
        "6개 동이 중앙 숲광장과 수경시설을 둘러싼 단지 배치를 내려다본 일러스트",
      ),
    },
    premium: {
      heading: "PREMIUM",
      intro: "라움하임 평촌 센트럴만의 네 가지 프리미엄",
      expandHint: "카드를 누르면 자세한 내용이 펼쳐집니다.",
    },
    unitPlan: {
      eyebrow: "UNIT PLAN",
      heading: "생활을 먼저 생각한 평면",
      text: "전용 47㎡부터 115㎡까지, 가족의 크기와 생활에 맞춘 주택형을 만나 보세요.",
      link: "/FloorPlan/84A",
      linkText: "평면안내 보기",
      image: img("floorplans/84a.svg", 960, 720, "96A 타입 평면도"),
      viewerHeading: "주택형 미리보기",
      viewerKeys: ["59A", "59B", "84A", "84B", "114A"],
      typeGuideTitle: "타입 안내",
      emodelTitle: "E-모델하우스",
      vrKey: "59A",
    },
    overview: {
      heading: "사업개요",
      overviewTitle: "사업개요",
      locationTitle: "입지환경",
      location: {
        text: "4호선 평촌역·범계역 사이, 학의천과 중앙공원을 품은 평촌 신도시의 중심 입지입니다.",
        image: img(
          "photo/home-environment.svg",
          1920,
          800,
          "학의천과 4호선 철길, 공원으로 둘러싸인 단지 주변을 내려다본 일러스트",
        ),
        linkText: "입지안내 보기",
      },
      premiumTitle: "프리미엄",
      sliderLabel: "라움하임 평촌 센트럴 입지 프리미엄",
    },
    complexGuide: {
      heading: "단지안내",
      items: [
        {
          title: "단지배치",
          text: "6개 동이 중앙 숲광장을 둘러싼 남향 위주 배치입니다.",
          image: img(
            "photo/home-layout.svg",
            960,
            720,
            "6개 동이 중앙 숲광장과 수경시설을 둘러싼 단지 배치를 내려다본 일러스트",
          ),
          link: "/ComplexGuide/intro",
        },
        {
          title: "특화설계",
          text: "넓은 창으로 빛이 깊이 드는 4Bay 판상형 거실을 계획했습니다.",
          image: img(
            "brand/pillar-space.svg",
            480,
            360,
            "넓은 창으로 햇빛이 드는 거실 공간 일러스트",
          ),
        },
        {
          title: "커뮤니티",
          text: "피트니스, 작은도서관, 키즈카페까지 단지 안에서 누리는 커뮤니티입니다.",
          image: img(
            "brand/pillar-community.svg",
            480,
            360,
            "이웃이 함께 모이는 커뮤니티 라운지 일러스트",
          ),
          link: "/ComplexGuide/community",
        },
      ],
    },
    visit: {
      eyebrow: "VISIT",
      heading: "견본주택 방문예약",
      intro: "성함과 연락처를 남겨 주시면 방문 일정과 잔여세대를 안내해 드립니다.",
      formHeading: "방문예약 신청",
      modelHouseHeading: "견본주택 안내",
      directionsLabel: "오시는 길",
      scheduleHeading: "분양 일정",
      scheduleLinkText: "분양일정 전체 보기",
    },
  },
  contact: { phone: "1600-0000", hours: "24시간 상담 가능" },
  business: {
    name: "(주)평촌센트럴개발 분양홍보관",
    representative: "홍길동",
    registrationNumber: "000-00-00000",
    address: "경기도 안양시 동안구 시민대로 000 (샘플 주소)",
  },
  familySites: [{ name: "한결건설 공식 홈페이지", url: "https://example.com/" }],
  menu: [
    {
      title: "브랜드소개",
      items: [
        { title: "브랜드소개", url: "/Brand/intro" },
        { title: "홍보영상", url: "/Brand/video" },
      ],
    },
    {
      title: "사업개요",
      items: [
        { title: "사업개요", url: "/BusinessGuide/intro" },
        { title: "분양일정", url: "/BusinessGuide/plan" },
        { title: "당첨자 계약서류", url: "/BusinessGuide/documents" },
      ],
    },
    {
      title: "분양정보",
      url: "/SalesInfo/announcement",
      items: [
        { title: "청약방법", url: "/SalesInfo/SubscriptionGuide" },
        { title: "청약안내문", url: "/SalesInfo/guide" },
        { title: "모집공고", url: "/SalesInfo/announcement" },
        { title: "인지세 안내", url: "/SalesInfo/stampTax" },
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
        { title: "동호수배치도", url: "/ComplexGuide/detailintro" },
        { title: "커뮤니티", url: "/ComplexGuide/community" },
      ],
    },
    {
      title: "평면안내",
      items: [
        { title: "47A", url: "/FloorPlan/59A" },
        { title: "84A", url: "/FloorPlan/59B" },
        { title: "96A", url: "/FloorPlan/84A" },
        { title: "118A", url: "/FloorPlan/84B" },
        { title: "119A", url: "/FloorPlan/114A" },
        { title: "119B", url: "/FloorPlan/114B" },
        { title: "E-모델하우스", url: "/FloorPlan/Emodel" },
        { title: "분양영상", url: "/FloorPlan/videos" },
      ],
    },
    {
      title: "인테리어",
      items: [
        { title: "84A", url: "/Interior/59A" },
        { title: "119A", url: "/Interior/84A" },
        { title: "119B", url: "/Interior/84B" },
      ],
    },
    {
      title: "홍보센터",
      items: [
        { title: "방문예약", url: "/Promotion/Customer" },
        { title: "보도자료", url: "/Promotion/Press" },
      ],
    },
  ],
  videoMenu: [
    { title: "영상안내", url: "/FloorPlan/videos" },
    { title: "입지안내", url: "/LocationEnvironment/intro" },
    { title: "프리미엄", url: "/LocationEnvironment/primium" },
  ],
  pages: [
    {
      path: "/",
      title: "라움하임 평촌 센트럴 공식 분양 홈페이지",
      description:
        "안양시 동안구 평촌동 934번지, 지하 5층~지상 48층 900세대 라움하임 평촌 센트럴. 분양정보, 평면안내, 방문예약을 한 곳에서 확인하세요.",
      banner: {
        title: "라움하임 평촌 센트럴",
        slogans: ["평촌의 중심, 48층 랜드마크의 시작", "약 5,290세대 라움하임 브랜드타운"],
      },
      srDescription:
        "라움하임 평촌 센트럴 분양 홈페이지의 첫 화면입니다. 입지, 프리미엄, 평면, 방문예약을 안내합니다.",
    },
    {
      path: "/Brand/intro",
      title: "브랜드소개",
      description: "라움하임 브랜드가 추구하는 주거 철학과 평촌 센트럴의 가치를 소개합니다.",
      banner: banner.brand,
      srDescription: "라움하임 브랜드의 철학과 약속을 소개하는 페이지입니다.",
      section: "브랜드소개",
    },
    {
      path: "/Brand/video",
      title: "홍보영상",
      description: "라움하임 평촌 센트럴 홍보영상을 감상하세요.",
      banner: banner.brand,
      srDescription: "라움하임 평촌 센트럴 홍보영상을 재생하는 페이지입니다.",
      section: "브랜드소개",
    },
    {
      path: "/BusinessGuide/intro",
      title: "사업개요",
      description:
        "대지위치, 규모, 주택형, 세대수 등 라움하임 평촌 센트럴의 사업개요를 안내합니다.",
      banner: banner.business,
      srDescription: "사업개요 표로 대지위치, 건축규모, 주택형, 세대수를 안내합니다.",
      section: "사업개요",
    },
    {
      path: "/BusinessGuide/plan",
      title: "분양일정",
      description: "라움하임 평촌 센트럴의 청약 접수, 당첨자 발표, 계약 일정을 안내합니다.",
      banner: banner.business,
      srDescription: "청약부터 계약까지의 분양일정을 안내하는 페이지입니다.",
      section: "사업개요",
    },
    {
      path: "/BusinessGuide/documents",
      title: "당첨자 계약서류",
      description: "당첨자 계약 체결 시 필요한 구비서류를 안내합니다.",
      banner: banner.business,
      srDescription: "당첨자가 계약 때 준비할 서류를 안내하는 페이지입니다.",
      section: "사업개요",
    },
    {
      path: "/SalesInfo/SubscriptionGuide",
      title: "청약방법",
      description: "인터넷 청약 방법과 절차를 단계별로 안내합니다.",
      banner: banner.sales,
      srDescription: "청약홈을 이용한 인터넷 청약 방법을 단계별로 안내하는 페이지입니다.",
      section: "분양정보",
    },
    {
      path: "/SalesInfo/guide",
      title: "청약안내문",
      description: "청약 전 꼭 확인해야 할 체크포인트와 유의사항을 안내합니다.",
      banner: banner.sales,
      srDescription: "청약 자격과 유의사항 등 청약 전 체크포인트를 안내하는 페이지입니다.",
      section: "분양정보",
    },
    {
      path: "/SalesInfo/announcement",
      title: "모집공고",
      description: "라움하임 평촌 센트럴 입주자 모집공고 안내입니다.",
      banner: banner.sales,
      srDescription: "입주자 모집공고 문서를 확인하는 페이지입니다.",
      section: "분양정보",
    },
    {
      path: "/SalesInfo/stampTax",
      title: "인지세 안내",
      description:
        "분양계약서 인지세의 계산 방법, 금액, 납부 절차를 안내하고 직접 계산해 볼 수 있습니다.",
      banner: banner.sales,
      srDescription: "부동산 공급계약서 인지세의 금액과 납부 방법을 안내하는 페이지입니다.",
      section: "분양정보",
    },
    {
      path: "/LocationEnvironment/intro",
      title: "입지안내",
      description: "광역교통, 교육, 생활 인프라를 갖춘 평촌 중심 입지를 안내합니다.",
      banner: banner.location,
      srDescription: "교통, 교육, 생활 인프라 등 여섯 가지 입지 장점을 소개하는 페이지입니다.",
      section: "입지환경",
    },
    {
      path: "/LocationEnvironment/primium",
      title: "프리미엄",
      description:
        "브랜드타운, 광역교통, 교육·생활 인프라, 쾌적한 주거환경까지 네 가지 프리미엄을 소개합니다.",
      banner: banner.location,
      srDescription: "라움하임 평촌 센트럴의 네 가지 프리미엄을 소개하는 페이지입니다.",
      section: "입지환경",
    },
    {
      path: "/ComplexGuide/intro",
      title: "단지배치도",
      description: "라움하임 평촌 센트럴의 단지 배치와 동별 위치를 안내합니다.",
      banner: banner.complex,
      srDescription: "단지 배치도와 유의사항을 안내하는 페이지입니다.",
      section: "단지안내",
    },
    {
      path: "/ComplexGuide/detailintro",
      title: "동호수배치도",
      description: "동별 호수와 주택형 배치를 안내합니다.",
      banner: banner.complex,
      srDescription: "동과 호수별 주택형 배치를 안내하는 페이지입니다.",
      section: "단지안내",
    },
    {
      path: "/ComplexGuide/community",
      title: "커뮤니티",
      description: "입주민을 위한 커뮤니티 시설을 안내합니다.",
      banner: banner.complex,
      srDescription: "커뮤니티 시설을 안내하는 페이지입니다.",
      section: "단지안내",
    },
    ...(
      [
        ["59A", "47A"],
        ["59B", "84A"],
        ["84A", "96A"],
        ["84B", "118A"],
        ["114A", "119A"],
        ["114B", "119B"],
      ] as const
    ).map(([key, label]) => ({
      path: `/FloorPlan/${key}`,
      title: `${label} 평면안내`,
      description: `라움하임 평촌 센트럴 ${label} 타입의 평면과 면적을 안내합니다.`,
      banner: banner.plan,
      srDescription: `${label} 타입 평면도와 주요 공간을 안내하는 페이지입니다.`,
      section: "평면안내",
    })),
    {
      path: "/FloorPlan/videos",
      title: "분양영상",
      description: "입지 안내 영상과 타입별 안내 영상을 확인하세요.",
      banner: banner.floor,
      srDescription: "입지 안내 영상과 47A·96A 타입 안내 영상을 탭으로 골라 보는 페이지입니다.",
      section: "평면안내",
    },
    {
      path: "/FloorPlan/Emodel",
      title: "E-모델하우스",
      description: "VR로 둘러보는 라움하임 평촌 센트럴 E-모델하우스입니다.",
      banner: banner.floor,
      srDescription: "타입별 VR 모델하우스를 둘러보는 페이지입니다.",
      section: "평면안내",
    },
    ...(
      [
        ["59A", "84A"],
        ["84A", "119A"],
        ["84B", "119B"],
      ] as const
    ).map(([key, label]) => ({
      path: `/Interior/${key}`,
      title: `${label} 인테리어`,
      description: `라움하임 평촌 센트럴 ${label} 타입의 인테리어를 소개합니다.`,
      banner: banner.interior,
      srDescription: `${label} 타입 견본주택 인테리어를 소개하는 페이지입니다.`,
      section: "인테리어",
    })),
    {
      path: "/Promotion/Customer",
      title: "방문예약",
      description: "모델하우스 방문예약과 전화 상담을 신청하세요. 24시간 상담 가능합니다.",
      banner: banner.promotion,
      srDescription: "모델하우스 방문예약과 상담을 신청하는 페이지입니다.",
      section: "홍보센터",
    },
    {
      path: "/register",
      title: "방문예약 등록",
      description: "이름과 연락처를 남기시면 전문 상담사가 곧 연락드립니다.",
      banner: banner.promotion,
      srDescription: "모델하우스 방문예약과 관심고객 등록 양식입니다.",
      section: "홍보센터",
      menuUrl: "/Promotion/Customer",
      noindex: true,
    },
    {
      path: "/privacy",
      title: "개인정보처리방침",
      description: "라움하임 평촌 센트럴 분양 홈페이지의 개인정보처리방침입니다.",
      banner: { title: "PRIVACY", slogans: ["개인정보처리방침"] },
      srDescription: "수집하는 개인정보 항목, 목적, 보유기간과 이용자의 권리를 안내합니다.",
    },
  ],
  redirects: [
    { from: "/brand/intro", to: "/Brand/intro" },
    { from: "/brand/video", to: "/Brand/video" },
    { from: "/LocationEnvironment/premium", to: "/LocationEnvironment/primium" },
    { from: "/SalesInfo/StampTax", to: "/SalesInfo/stampTax" },
  ],
  premiumCards: [
    {
      image: img(
        "photo/premium-1.svg",
        1200,
        840,
        "금빛으로 빛나는 라움하임 평촌 센트럴과 주변 라움하임 단지들이 이룬 브랜드타운 조감 일러스트",
      ),
      title: "약 5,290세대 브랜드타운",
      text1: "라움하임 브랜드타운의 완성",
      text2: "대단지 생활 인프라를 함께 누립니다",
      link: "/BusinessGuide/intro",
      linkText: "사업개요 보기",
    },
    {
      image: img(
        "photo/premium-2.svg",
        1200,
        840,
        "고가 철길 위 전철과 입체 교차로를 달리는 차들이 있는 광역 교통 일러스트",
      ),
      title: "광역 교통",
      text1: "4호선 평촌역·범계역 생활권",
      text2: "수도권 제1순환고속도로로 빠른 이동",
      link: "/LocationEnvironment/intro",
      linkText: "입지안내 보기",
    },
    {
      image: img(
        "photo/premium-3.svg",
        1200,
        840,
        "운동장이 있는 학교와 도서관, 상가와 백화점이 모인 교육·생활 인프라 일러스트",
      ),
      title: "교육 · 생활 인프라",
      text1: "평촌 학원가와 초·중·고 인접",
      text2: "백화점, 병원, 관공서가 가까운 생활권",
      link: "/LocationEnvironment/intro",
      linkText: "입지안내 보기",
    },
    {
      image: img(
        "photo/premium-4.svg",
        1200,
        840,
        "하천과 산책로, 나무다리가 있는 공원과 그 너머 아파트 일러스트",
      ),
      title: "쾌적한 주거환경",
      text1: "중앙공원과 학의천 산책로",
      text2: "숲을 품은 단지 조경",
      link: "/LocationEnvironment/premium",
      linkText: "프리미엄 보기",
    },
  ],
  overviewRows: [
    { label: "사업명", value: "라움하임 평촌 센트럴" },
    { label: "대지위치", value: "경기도 안양시 동안구 평촌동 934번지 일원" },
    { label: "건축규모", value: "지하 5층 ~ 지상 48층" },
    { label: "주택형", value: "전용면적 47㎡, 84㎡, 99㎡, 114㎡, 115㎡ 혼합" },
    { label: "세대수", value: "900세대" },
    { label: "시행", value: "(주)평촌센트럴개발" },
    { label: "시공", value: "한결건설(주)" },
  ],
  locationHighlights: [
    {
      image: img("location/transport.svg", 480, 320, "지하철 4호선 전동차와 고가도로 일러스트"),
      titleText: "광역 교통",
      contentText:
        "4호선 평촌역·범계역 생활권에 수도권 제1순환고속도로와 서울외곽 접근이 쉽습니다.",
    },
    {
      image: img("location/school.svg", 480, 320, "학교 건물과 책 일러스트"),
      titleText: "교육 환경",
      contentText: "초·중·고교가 가깝고 평촌 학원가를 도보로 이용할 수 있습니다.",
    },
    {
      image: img("location/shopping.svg", 480, 320, "백화점과 쇼핑백 일러스트"),
      titleText: "생활 인프라",
      contentText: "백화점, 대형마트, 안양시청 등 평촌 중심 생활 인프라를 가까이 누립니다.",
    },
    {
      image: img("location/park.svg", 480, 320, "나무와 하천, 다리가 있는 공원 일러스트"),
      titleText: "자연 환경",
      contentText: "중앙공원과 학의천 산책로가 가까운 쾌적한 녹지 환경입니다.",
    },
    {
      image: img("location/hospital.svg", 480, 320, "종합병원 건물 일러스트"),
      titleText: "의료 시설",
      contentText: "대학병원과 종합병원이 가까워 든든한 의료 서비스를 누립니다.",
    },
    {
      image: img("location/development.svg", 480, 320, "건설 중인 건물과 타워크레인 일러스트"),
      titleText: "미래 가치",
      contentText:
        "주변 정비사업과 교통망 확충으로 미래 가치가 기대됩니다. (계획은 변경될 수 있습니다)",
    },
  ],
  unitTypes: (
    [
      ["59A", "47A", 47.92, 68.41, 120, 2, 1],
      ["59B", "84A", 84.97, 112.53, 310, 3, 2],
      ["84A", "96A", 99.84, 131.26, 180, 4, 2],
      ["84B", "118A", 114.91, 150.12, 150, 4, 2],
      ["114A", "119A", 115.32, 151.08, 90, 4, 2],
      ["114B", "119B", 115.47, 151.4, 50, 4, 2],
    ] as const
  ).map(([key, label, exclusiveArea, supplyArea, households, rooms, bathrooms]) => ({
    key,
    label,
    path: `/FloorPlan/${key}`,
    exclusiveArea,
    supplyArea,
    households,
    rooms,
    bathrooms,
    plan: img(`floorplans/${key.toLowerCase()}.svg`, 960, 720, `${label} 타입 평면도`),
    viewerImage: img(`floorplans/${key.toLowerCase()}.svg`, 960, 720, `${label} 타입 평면도`),
  })),
  interiors: (
    [
      ["59A", "84A"],
      ["84A", "119A"],
      ["84B", "119B"],
    ] as const
  ).map(([key, label]) => ({
    key,
    label,
    path: `/Interior/${key}`,
    images: [
      {
        ...img(
          `photo/interior-${key.toLowerCase()}-living.svg`,
          1280,
          800,
          `${label} 타입 거실 인테리어 일러스트`,
        ),
        caption: "거실 · 넓은 창으로 빛이 드는 개방형 거실",
      },
      {
        ...img(
          `photo/interior-${key.toLowerCase()}-kitchen.svg`,
          1280,
          800,
          `${label} 타입 주방 인테리어 일러스트`,
        ),
        caption: "주방 · 동선을 고려한 대면형 주방",
      },
    ],
  })),
  infoPages: {
    brandStory: {
      eyebrow: "BRAND PHILOSOPHY",
      heading: "공간(Raum)과 집(Heim), 삶의 가치를 짓다",
      paragraphs: [
        "라움하임(RAUMHEIM)은 ‘공간’을 뜻하는 Raum과 ‘집’을 뜻하는 Heim을 더한 이름입니다. 단순히 머무는 집이 아니라 가족의 시간과 취향이 자라는 공간을 짓겠다는 약속을 담았습니다.",
        "빛이 깊이 드는 배치, 숲과 물이 이어지는 조경, 일상을 편하게 만드는 기술, 이웃과 함께하는 커뮤니티까지. 라움하임은 평촌의 중심에서 새로운 주거의 기준을 제시합니다.",
      ],
      image: img(
        "brand/philosophy.svg",
        1200,
        720,
        "빛이 드는 고층 주동과 숲 조경을 표현한 라움하임 브랜드 이미지",
      ),
      pillarsHeading: "라움하임의 네 가지 가치",
      pillars: [
        {
          label: "SPACE",
          title: "공간의 여유",
          text: "넉넉한 동간 거리와 남향 위주의 배치로 빛과 바람이 머무는 집을 짓습니다.",
          image: img(
            "brand/pillar-space.svg",
            480,
            360,
            "넓은 창으로 햇빛이 드는 거실 공간 일러스트",
          ),
        },
        {
          label: "NATURE",
          title: "자연과의 공존",
          text: "단지 중앙의 숲과 수경시설, 학의천으로 이어지는 산책로가 일상 가까이 자연을 들입니다.",
          image: img(
            "brand/pillar-nature.svg",
            480,
            360,
            "나무와 산책로, 물길이 있는 단지 조경 일러스트",
          ),
        },
        {
          label: "SMART",
          title: "스마트한 일상",
          text: "스마트홈 시스템과 에너지 절감 설계로 더 편리하고 안전한 생활을 제안합니다.",
          image: img(
            "brand/pillar-smart.svg",
            480,
            360,
            "스마트폰으로 조명과 온도를 제어하는 스마트홈 일러스트",
          ),
        },
        {
          label: "COMMUNITY",
          title: "함께하는 즐거움",
          text: "운동, 독서, 육아까지 이웃과 함께 누리는 커뮤니티로 단지의 품격을 높입니다.",
          image: img(
            "brand/pillar-community.svg",
            480,
            360,
            "이웃이 함께 모이는 커뮤니티 라운지 일러스트",
          ),
        },
      ],
      comingSoon:
        "라움하임 브랜드 스토리 전체 내용은 준비중입니다. 빠른 시일 내에 더 자세한 이야기로 찾아뵙겠습니다.",
    },
    overviewPage: {
      heading: "한눈에 보는 단지 규모",
      tableCaption: "사업 상세 정보",
      highlightLabels: { households: "총 세대수", floors: "건축규모", areas: "전용면적" },
      note: "상기 사업개요는 인허가 과정 및 사업 여건에 따라 변경될 수 있으며, 자세한 내용은 입주자 모집공고를 확인하시기 바랍니다.",
    },
    schedule: {
      heading: "청약부터 계약까지",
      intro:
        "입주자 모집공고 기준 일정입니다. 일정마다 캘린더에 추가해 두시면 놓치지 않고 챙기실 수 있으며, 변경되면 이 페이지와 문자로 안내해 드립니다.",
      listLabel: "라움하임 평촌 센트럴 분양일정",
      milestones: [
        {
          key: "announcement",
          step: "입주자 모집공고",
          date: "2026-12-04",
          place: "청약홈 · 분양 홈페이지 게시",
        },
        {
          key: "special",
          step: "청약접수",
          detail: "특별공급",
          date: "2026-12-14",
          startTime: "09:00",
          endTime: "17:30",
          place: "청약홈 인터넷 청약",
        },
        {
          key: "general-1",
          step: "청약접수",
          detail: "일반공급 1순위",
          date: "2026-12-15",
          startTime: "09:00",
          endTime: "17:30",
          place: "청약홈 인터넷 청약",
        },
        {
          key: "general-2",
          step: "청약접수",
          detail: "일반공급 2순위",
          date: "2026-12-16",
          startTime: "09:00",
          endTime: "17:30",
          place: "청약홈 인터넷 청약",
        },
        { key: "winners", step: "당첨자 발표", date: "2026-12-22", place: "청약홈 개별 조회" },
        {
          key: "contract",
          step: "계약",
          detail: "정당계약",
          date: "2027-01-05",
          endDate: "2027-01-07",
          startTime: "10:00",
          endTime: "16:00",
          place: "라움하임 견본주택",
        },
      ],
      comingSoon: "상세 분양일정은 준비중입니다. 일정이 확정되면 빠르게 안내해 드리겠습니다.",
    },
    documents: {
      heading: "계약 체결 시 준비하실 서류",
      intro:
        "아파트 공급계약 때 일반적으로 필요한 서류입니다. 정확한 서류와 발급 기준일은 입주자 모집공고에서 확인하시기 바랍니다.",
      groups: [
        {
          title: "공통 서류 (본인 계약 시)",
          items: [
            "계약금 입금 확인증 (무통장 입금증 등)",
            "당첨자 본인 신분증 (주민등록증, 운전면허증 또는 여권)",
            "인감도장과 인감증명서 (본인서명사실확인서로 대체 가능)",
            "주민등록표 등본과 초본 (주소 변동 사항 포함)",
            "가족관계증명서 (상세)",
          ],
        },
        {
          title: "대리인 계약 시 추가 서류",
          items: [
            "당첨자의 인감도장이 날인된 위임장 (견본주택 비치)",
            "당첨자의 인감증명서 (계약 위임용)",
            "대리인 신분증과 도장",
          ],
        },
        {
          title: "특별공급 당첨자 추가 서류",
          items: [
            "특별공급 유형별 자격 증빙서류",
            "혼인관계증명서, 소득 증빙서류 등 (해당자)",
            "청약통장 순위(가입)확인서 (해당자)",
          ],
        },
        {
          title: "재외동포 · 외국인 당첨자",
          items: [
            "여권",
            "국내거소신고증 또는 외국인등록증",
            "국내거소사실증명서 또는 외국인등록사실증명서",
          ],
        },
      ],
      comingSoon:
        "당첨자 계약서류 세부 안내는 준비중입니다. 모집공고 승인 후 공급 유형별 서류를 자세히 안내해 드리겠습니다.",
    },
    community: {
      heading: "입주민을 위한 커뮤니티 계획",
      intro:
        "라움하임 평촌 센트럴은 건강, 배움, 여가를 단지 안에서 누릴 수 있는 커뮤니티 시설을 계획하고 있습니다.",
      facilities: [
        {
          label: "FITNESS",
          name: "피트니스센터",
          text: "유산소·근력 운동기구를 갖춘 입주민 전용 운동 공간",
        },
        { label: "GOLF", name: "실내골프연습장", text: "타석과 퍼팅 연습 공간을 갖춘 골프 시설" },
        {
          label: "LIBRARY",
          name: "작은도서관 · 독서실",
          text: "조용히 책을 읽고 공부할 수 있는 열람 공간",
        },
        {
          label: "KIDS",
          name: "키즈카페 · 어린이집",
          text: "아이들이 안전하게 놀고 돌봄을 받는 공간",
        },
        { label: "LOUNGE", name: "카페 라운지", text: "이웃과 차 한잔을 나누는 휴식 공간" },
        { label: "SENIOR", name: "경로당", text: "어르신을 위한 쉼터와 여가 공간" },
      ],
      note: "위 시설 구성은 이해를 돕기 위한 예시이며, 실제 시설의 종류와 규모는 인허가 및 설계 과정에서 변경될 수 있습니다.",
      comingSoon:
        "커뮤니티 시설 상세 안내는 준비중입니다. 시설 구성이 확정되면 이미지와 함께 안내해 드리겠습니다.",
    },
    locationPage: {
      heading: "평촌의 중심에서 누리는 생활",
      intro:
        "4호선 평촌역과 범계역 사이, 학원가와 공원, 관공서가 가까운 평촌 신도시의 중심 입지입니다.",
      mapHeading: "입지 개략도",
      map: img(
        "plans/location-map.svg",
        1200,
        800,
        "라움하임 평촌 센트럴 입지 개략도. 사업지는 시민대로 북쪽, 4호선 범계역과 평촌역 사이에 있으며 북쪽으로 학의천, 서쪽으로 평촌 학원가, 남쪽으로 중앙공원과 안양시청이 가깝습니다.",
      ),
      highlightsHeading: "여섯 가지 입지 프리미엄",
      disclaimersHeading: "유의사항",
      disclaimers: [
        "상기 입지 개략도는 소비자의 이해를 돕기 위한 것으로 축척이 적용되지 않았으며, 실제와 차이가 있을 수 있습니다.",
        "표기된 교통·교육·생활 시설과 개발계획은 관계기관의 사정에 따라 변경, 지연 또는 취소될 수 있습니다.",
      ],
    },
    premiumPage: {
      heading: "라움하임 평촌 센트럴 프리미엄",
      intro:
        "브랜드타운의 규모, 광역 교통, 교육과 생활 인프라, 쾌적한 자연까지. 평촌 센트럴만의 네 가지 가치를 확인하세요.",
    },
    sitePlan: {
      heading: "숲과 빛을 품은 단지 배치",
      intro:
        "6개 동을 남향 위주로 배치하고 단지 중앙에 숲 광장을 두었으며, 지상은 차 없는 보행 공간으로 계획했습니다.",
      image: img(
        "plans/site-plan.svg",
        1200,
        900,
        "단지배치도. 101동부터 106동까지 6개 동이 단지 중앙의 숲 광장을 둘러싸고, 남쪽 시민대로 쪽에 주출입구, 동쪽에 부출입구와 지하주차장 출입구가 있습니다.",
      ),
      legendHeading: "범례",
      legend: [
        { label: "주동 (아파트)", color: "#0f1f3d", kind: "area" },
        { label: "주민공동시설 (커뮤니티)", color: "#a9834a", kind: "area" },
        { label: "조경 · 녹지", color: "#a8cc95", kind: "area" },
        { label: "보행로 · 광장", color: "#ebe3d2", kind: "area" },
        { label: "수경시설", color: "#8fc1dc", kind: "area" },
        { label: "어린이놀이터", color: "#f0c36a", kind: "area" },
        { label: "비상차로", color: "#9aa3b5", kind: "line" },
        { label: "단지 출입구", color: "#2f6fad", kind: "point" },
        { label: "지하주차장 출입구", color: "#c4532d", kind: "point" },
      ],
      disclaimersHeading: "유의사항",
      disclaimers: [
        "상기 단지배치도는 소비자의 이해를 돕기 위한 개략적인 이미지로 실제와 차이가 있을 수 있습니다.",
        "단지 내 조경, 시설물, 동 배치와 출입구 위치는 인허가 및 실시설계 과정에서 변경될 수 있습니다.",
        "주민공동시설의 구성과 면적은 확정된 것이 아니며 추후 변경될 수 있습니다.",
        "단지 주변 도로와 시설은 관계기관의 계획에 따라 변경될 수 있으며, 사업 주체와 무관합니다.",
        "동별 층수, 향, 조망, 일조는 세대마다 차이가 있으니 계약 전 반드시 확인하시기 바랍니다.",
      ],
    },
    unitPositions: {
      heading: "동 · 호수별 주택형 배치",
      intro:
        "각 동의 호 라인별 주택형과 층 범위입니다. 그림과 같은 내용을 아래 표로도 확인하실 수 있습니다.",
      image: img(
        "plans/unit-positions.svg",
        1200,
        960,
        "동호수배치도. 101동부터 106동까지 각 동의 1호부터 4호 라인에 배치된 주택형을 색으로 구분한 그림이며, 같은 내용이 아래 표에 있습니다.",
      ),
      tableHeading: "동별 호 라인 주택형",
      tableCaption: "동·호 라인별 주택형과 해당 층",
      legendHeading: "주택형별 세대수",
      typeColors: [
        { type: "59A", color: "#a8dcd2" },
        { type: "59B", color: "#c3d3f0" },
        { type: "84A", color: "#f3dcae" },
        { type: "84B", color: "#e2c9ec" },
        { type: "114A", color: "#f5c2ae" },
        { type: "114B", color: "#d5e6a8" },
      ],
      buildings: [
        {
          name: "101동",
          floors: 48,
          lines: [
            [1, "59B", 4],
            [2, "59B", 4],
            [3, "84A", 4],
            [4, "84A", 4],
          ],
        },
        {
          name: "102동",
          floors: 47,
          lines: [
            [1, "59B", 3],
            [2, "59B", 3],
            [3, "84A", 3],
            [4, "84A", 3],
          ],
        },
        {
          name: "103동",
          floors: 47,
          lines: [
            [1, "59B", 3],
            [2, "59B", 3],
            [3, "114A", 3],
            [4, "114A", 3],
          ],
        },
        {
          name: "104동",
          floors: 42,
          lines: [
            [1, "59B", 3],
            [2, "59A", 3],
            [3, "59A", 3],
            [4, "59A", 3],
          ],
        },
        {
          name: "105동",
          floors: 27,
          lines: [
            [1, "84B", 3],
            [2, "84B", 3],
            [3, "84B", 3],
            [4, "84B", 3],
          ],
        },
        {
          name: "106동",
          floors: 27,
          lines: [
            [1, "84B", 3],
            [2, "84B", 3],
            [3, "114B", 3],
            [4, "114B", 3],
          ],
        },
      ].map((b) => ({
        name: b.name,
        floors: b.floors,
        lines: (b.lines as [number, string, number][]).map(([line, type, from]) => ({
          line,
          type,
          from,
          to: b.floors,
        })),
      })),
      disclaimersHeading: "유의사항",
      disclaimers: [
        "상기 동호수배치도는 이해를 돕기 위한 것으로 실제 시공 시 차이가 있을 수 있습니다.",
        "저층부 필로티와 주민공동시설 등으로 동·라인별 시작 층이 다르며, 세부 내용은 입주자 모집공고를 확인하시기 바랍니다.",
        "주택형 표기는 평면안내 메뉴의 명칭과 같습니다.",
      ],
    },
    interiorPage: {
      galleryHeading: "견본주택 인테리어",
      noticeHeading: "인테리어 유의사항",
      notices: [
        "인테리어 이미지는 견본주택에 설치된 전시품과 유상옵션 품목이 포함된 것으로, 분양가에 포함되지 않은 품목이 있을 수 있습니다.",
        "유상옵션 품목의 범위와 설치 위치는 주택형별로 다를 수 있습니다.",
        "마감재의 색상, 질감, 제조사는 자재 수급 사정에 따라 동급 이상으로 변경될 수 있으며, 실제 시공 결과는 이미지와 다를 수 있습니다.",
      ],
    },
  },
  brandVideo: {
    src: "",
    poster: img("photo/video-poster.svg", 1300, 500, "라움하임 평촌 센트럴 홍보영상 포스터"),
  },
  videoTabs: [
    {
      id: 1,
      title: "입지 안내 영상",
      src: "",
      poster: img("photo/video-poster.svg", 1300, 500, "입지 안내 영상 포스터"),
    },
    {
      id: 2,
      title: "47A 타입 안내 영상",
      unitKey: "59A",
      src: "",
      poster: img("photo/video-poster.svg", 1300, 500, "47A 타입 안내 영상 포스터"),
    },
    {
      id: 3,
      title: "96A 타입 안내 영상",
      unitKey: "84A",
      src: "",
      poster: img("photo/video-poster.svg", 1300, 500, "96A 타입 안내 영상 포스터"),
    },
  ],
  // Six tour entries; the E-model page shows only the first five (spec: tabs limited to 5).
  vr: {
    defaultKey: "59A",
    tabs: [
      { key: "59A", title: "47A", src: "" },
      { key: "59B", title: "84A", src: "" },
      { key: "84A", title: "96A", src: "" },
      { key: "84B", title: "118A", src: "" },
      { key: "114A", title: "119A", src: "" },
      { key: "114B", title: "119B", src: "" },
    ],
  },
  floorPlanPage: {
    headline: "영상으로 먼저 만나는 라움하임 평촌 센트럴의 개발 가치",
    videoLinkText: "분양영상 보러 가기",
    notices: [
      "평면도와 이미지는 견본주택에 설치된 전시품과 유상옵션 품목이 포함된 것으로, 분양가에 포함되지 않은 품목이 있을 수 있습니다.",
      "유상옵션의 범위와 설치 위치는 주택형별로 다를 수 있습니다.",
      "평면도는 이해를 돕기 위한 참고용이며, 실제 시공 시 치수와 마감이 일부 달라질 수 있습니다.",
    ],
  },
  announcement: { title: "라움하임 평촌 센트럴 입주자 모집공고", pdfUrl: "" },
  subscriptionGuide: {
    officialName: "청약홈 (한국부동산원)",
    officialUrl: "https://www.applyhome.co.kr",
    steps: [
      {
        title: "청약홈 접속",
        text: "PC 또는 모바일에서 한국부동산원 청약홈에 접속합니다. 모바일은 ‘청약홈’ 앱으로도 신청할 수 있습니다.",
      },
      {
        title: "인증서 로그인",
        text: "공동인증서 또는 금융인증서 등 청약홈이 지원하는 인증서로 로그인합니다. 인증서는 청약일 전에 미리 발급해 두세요.",
      },
      {
        title: "청약신청 메뉴 선택",
        text: "‘청약신청’ 메뉴에서 APT 청약을 고릅니다. 특별공급과 일반공급(1순위·2순위)은 접수일이 다르니 일정을 확인하세요.",
      },
      {
        title: "단지와 주택형 선택",
        text: "청약 가능한 단지 목록에서 ‘라움하임 평촌 센트럴’을 찾아 신청할 주택형을 선택합니다.",
      },
      {
        title: "자격 확인과 정보 입력",
        text: "청약통장 가입기간과 예치금, 세대 구성원, 무주택 여부, 거주지역을 확인하고 신청 정보를 입력합니다. 가점 항목은 특히 정확히 입력하세요.",
      },
      {
        title: "신청 완료와 접수 확인",
        text: "신청 내용을 최종 확인해 제출한 뒤 ‘청약 신청 조회’에서 접수 여부를 확인합니다. 당첨 결과는 발표일에 청약홈에서 확인할 수 있습니다.",
      },
    ],
    notes: [
      "인터넷 청약은 접수일 09:00부터 17:30까지 가능합니다. 마감 직전에는 접속이 몰리니 여유 있게 신청하세요.",
      "청약 자격과 일정은 입주자 모집공고에서 최종 확인하시기 바랍니다.",
    ],
  },
  salesGuide: {
    caveat:
      "아래 내용은 청약 전 확인할 항목을 정리한 일반 안내입니다. 실제 자격 요건과 제한 사항은 관계 법령과 입주자 모집공고에 따르므로 반드시 공고문을 확인하세요.",
    checkpoints: [
      {
        title: "청약 자격",
        items: [
          "입주자 모집공고일 기준 거주지역과 청약통장 가입기간, 예치금이 기준을 충족하는지 확인하세요.",
          "특별공급은 유형별(신혼부부, 생애최초, 다자녀 등) 소득·자산 기준이 다릅니다.",
        ],
      },
      {
        title: "재당첨 제한",
        items: [
          "본인 또는 세대원이 과거 다른 주택에 당첨된 이력이 있으면 일정 기간 청약이 제한될 수 있습니다.",
          "청약홈 ‘청약제한사항 확인’에서 미리 조회할 수 있습니다.",
        ],
      },
      {
        title: "전매제한",
        items: [
          "당첨자 발표일부터 일정 기간 분양권을 전매할 수 없습니다. 기간은 지역과 주택 유형에 따라 달라집니다.",
        ],
      },
      {
        title: "거주의무",
        items: ["거주의무기간 적용 여부와 기간은 입주자 모집공고에서 확인하세요."],
      },
      {
        title: "자금 계획",
        items: [
          "계약금, 중도금, 잔금 납부 일정과 중도금 대출 조건을 미리 확인하세요.",
          "공급계약서 작성 시 인지세를 납부해야 합니다(인지세 안내 참고).",
        ],
      },
      {
        title: "부적격 당첨 주의",
        items: [
          "가점이나 자격을 잘못 입력해 당첨되면 당첨이 취소되고 일정 기간 청약이 제한될 수 있습니다.",
        ],
      },
    ],
  },
  stampTax: {
    buyerSharePercent: 50,
    shareNote:
      "분양계약서는 사업주체와 계약자가 각 1부씩 보관하므로 인지세를 보통 절반씩 부담합니다. 부담 비율은 계약 조건에 따라 다를 수 있으니 공급계약서를 확인하세요.",
  },
  press: { defaultSite: "anyang", sites: ["anyang"], authorLabel: "관리자" },
  seo: {
    titleTemplate: "%s | 라움하임 평촌 센트럴",
    ogImage: img("photo/og-image.svg", 1200, 630, "라움하임 평촌 센트럴 대표 이미지"),
    naverSiteVerification: "sample-naver-site-verification-0000",
    keywords: ["라움하임 평촌 센트럴", "평촌 아파트 분양", "안양 아파트", "평촌동 934"],
  },
  images: {
    logo: img("brand/logo.svg", 180, 40, "라움하임 평촌 센트럴"),
    bannerDefault: img("photo/banner-default.svg", 1920, 640, ""),
    banners: {
      브랜드소개: img("photo/banner-brand.svg", 1920, 640, ""),
      사업개요: img("photo/banner-business.svg", 1920, 640, ""),
      분양정보: img("photo/banner-sales.svg", 1920, 640, ""),
      입지환경: img("photo/banner-location.svg", 1920, 640, ""),
      단지안내: img("photo/banner-complex.svg", 1920, 640, ""),
      평면안내: img("photo/banner-floor.svg", 1920, 640, ""),
      인테리어: img("photo/banner-interior.svg", 1920, 640, ""),
      홍보센터: img("photo/banner-promotion.svg", 1920, 640, ""),
    },
  },
  legal: {
    disclaimers: [
      "본 홈페이지에 사용된 사진, 이미지, CG는 소비자의 이해를 돕기 위한 것으로 실제와 차이가 있을 수 있습니다.",
      "단지 주변 개발계획 및 교통계획은 관계기관의 사정에 따라 변경, 지연 또는 취소될 수 있습니다.",
    ],
    adDisclaimer:
      "본 홈페이지의 내용은 분양 광고이며, 편집 및 인쇄 과정상 오류가 있을 수 있으니 반드시 입주자 모집공고를 확인하시기 바랍니다. 분양 조건과 일정은 사업 주체의 사정에 따라 변경될 수 있습니다.",
    smsNotice:
      "방문예약 등록 시 모델하우스 주소(방문 일시를 고르신 경우 예약 확인·취소 링크 포함)가 문자로 발송되며, 문자 수신에 동의하시면 잔여세대 정보도 보내 드립니다.",
    constructorCredit: "시공 한결건설(주) · 시행 (주)평촌센트럴개발",
  },
  privacy: {
    consentVersion: "2026-11-23",
    items: "이름, 휴대전화번호(연락처), 문의내용·방문 희망 일시(입력한 경우)",
    purpose: "모델하우스 방문예약 확인, 분양 상담 및 문의 답변",
    retentionDays: 365,
    refusal:
      "개인정보 수집·이용에 동의하지 않을 권리가 있으며, 동의하지 않으시면 방문예약과 상담 신청을 하실 수 없습니다. 전화 상담은 동의 없이 이용하실 수 있습니다.",
    smsConsentText: "(선택) 분양 소식과 잔여세대 정보를 문자(SMS)로 받겠습니다.",
    optOutNumber: "080-000-0000",
    controller: "(주)평촌센트럴개발 분양홍보관 개인정보 보호책임자 홍길동",
    autoCollected:
      "접속 IP 주소, 브라우저 정보, 등록 일시 (부정 이용 방지와 중복 등록 확인에만 사용), 유입 경로(광고 캠페인 정보와 유입 사이트 주소, 광고 효과 확인에만 사용)",
    effectiveDate: "2026-11-01",
    destruction: [
      "보유기간이 지나거나 처리 목적을 달성한 개인정보는 지체 없이(5일 이내) 파기합니다.",
      "전자 파일은 복구할 수 없는 방법으로 삭제하고, 종이 문서는 분쇄하거나 소각합니다.",
      "정보주체가 삭제를 요청하면 본인 확인 후 지체 없이 삭제하고 그 결과를 알려 드립니다.",
    ],
    thirdParty:
      "수집한 개인정보를 제3자에게 제공하지 않습니다. 법령에 특별한 규정이 있는 경우에만 예외로 합니다.",
    processors: [
      {
        name: "(주)샘플메시징 (문자 발송 대행, 샘플)",
        task: "방문예약 안내 문자와 수신 동의자에 대한 분양정보 문자 발송",
      },
      { name: "(주)샘플분양마케팅 (분양 대행사, 샘플)", task: "상담 고객 관리(CRM)와 상담 연락" },
    ],
    rights: [
      "정보주체는 언제든지 자신의 개인정보 열람, 정정, 삭제, 처리정지를 요구할 수 있습니다.",
      "문자(SMS) 수신 동의는 언제든지 철회할 수 있으며, 철회 후에는 분양정보 문자를 보내지 않습니다.",
      "권리 행사는 대표번호로 전화하시거나 모델하우스를 방문하여 요청하실 수 있으며, 본인 확인 후 지체 없이 처리합니다.",
      "만 14세 미만 아동의 개인정보는 수집하지 않습니다.",
    ],
    safeguards: [
      "개인정보는 접근 권한이 있는 담당자만 열람할 수 있으며, 전송 구간은 암호화(HTTPS)합니다.",
      "보유기간이 지난 개인정보는 정기적으로 확인하여 파기합니다.",
    ],
  },
} satisfies ContentInput;

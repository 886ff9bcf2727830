import type { ContentInput } from "./schema";

/*
 * Sample content: a fictional complex, "라움하임 평촌 센트럴", by a fictional brand and builder.
 * Everything about one development lives in this file (and the artwork under assets/images/).
 * Launching another complex means editing this file, not components.
 */

const img = (src: string, width: number, height: number, alt: string) => ({ src, width, height, alt });

const banner = {
  brand: { title: "BRAND", slogans: ["라움하임이 평촌에 새로운 기준을 세웁니다", "머무는 곳이 아닌, 누리는 곳"] },
  business: { title: "BUSINESS", slogans: ["평촌 중심에 들어서는 48층 랜드마크", "지하 5층 ~ 지상 48층, 900세대"] },
  sales: { title: "SALES INFO", slogans: ["청약부터 계약까지, 꼭 필요한 정보만", "분양 일정과 자격을 확인하세요"] },
  location: { title: "LOCATION", slogans: ["평촌의 모든 생활이 가까워집니다", "교통 · 교육 · 생활 인프라를 한 번에"] },
  complex: { title: "COMPLEX", slogans: ["숲과 빛을 품은 단지 설계", "동간 거리를 넓힌 쾌적한 배치"] },
  floor: { title: "UNIT GUIDE", slogans: ["영상으로 미리 보는 프리미엄 가치", "공간마다 달라지는 삶의 여유"] },
  interior: { title: "INTERIOR", slogans: ["매일이 특별해지는 프리미엄 인테리어", "세심하게 고른 마감과 동선"] },
  promotion: { title: "PROMOTION", slogans: ["방문예약 시 모델하우스 위치와 잔여세대를 안내해 드립니다", "24시간 상담 가능"] },
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
    developer: "(주)평촌센트럴개발",
    constructor: "한결건설(주)",
    modelHouseAddress: "경기도 안양시 동안구 시민대로 000 라움하임 견본주택 (샘플 주소)",
    remainingUnitsNotice: "잔여세대는 동·호수별로 상이하며 방문 시 상담사가 안내해 드립니다.",
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
      banner: { title: "라움하임 평촌 센트럴", slogans: ["평촌의 중심, 48층 랜드마크의 시작", "약 5,290세대 라움하임 브랜드타운"] },
      srDescription: "라움하임 평촌 센트럴 분양 홈페이지의 첫 화면입니다. 입지, 프리미엄, 평면, 방문예약을 안내합니다.",
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
      description: "대지위치, 규모, 주택형, 세대수 등 라움하임 평촌 센트럴의 사업개요를 안내합니다.",
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
      description: "분양계약서 인지세의 계산 방법, 금액, 납부 절차를 안내하고 직접 계산해 볼 수 있습니다.",
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
      description: "브랜드타운, 광역교통, 교육·생활 인프라, 쾌적한 주거환경까지 네 가지 프리미엄을 소개합니다.",
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
      banner: banner.floor,
      srDescription: `${label} 타입 평면도와 주요 공간을 안내하는 페이지입니다.`,
      section: "평면안내",
    })),
    {
      path: "/FloorPlan/videos",
      title: "분양영상",
      description: "입지 안내 영상과 타입별 안내 영상을 확인하세요.",
      banner: banner.floor,
      srDescription: "입지 안내 영상과 59·84타입 안내 영상을 탭으로 골라 보는 페이지입니다.",
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
      image: img("photo/premium-1.svg", 800, 560, "라움하임 브랜드타운 전경 일러스트"),
      title: "약 5,290세대 브랜드타운",
      text1: "라움하임 브랜드타운의 완성",
      text2: "대단지 생활 인프라를 함께 누립니다",
      link: "/BusinessGuide/intro",
      linkText: "사업개요 보기",
    },
    {
      image: img("photo/premium-2.svg", 800, 560, "광역 교통망 일러스트"),
      title: "광역 교통",
      text1: "4호선 평촌역·범계역 생활권",
      text2: "수도권 제1순환고속도로로 빠른 이동",
      link: "/LocationEnvironment/intro",
      linkText: "입지안내 보기",
    },
    {
      image: img("photo/premium-3.svg", 800, 560, "교육과 생활 인프라 일러스트"),
      title: "교육 · 생활 인프라",
      text1: "평촌 학원가와 초·중·고 인접",
      text2: "백화점, 병원, 관공서가 가까운 생활권",
      link: "/LocationEnvironment/intro",
      linkText: "입지안내 보기",
    },
    {
      image: img("photo/premium-4.svg", 800, 560, "공원과 녹지 일러스트"),
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
      image: img("location/transport.svg", 480, 320, "지하철과 도로 교통 아이콘"),
      titleText: "광역 교통",
      contentText: "4호선 평촌역·범계역 생활권에 수도권 제1순환고속도로와 서울외곽 접근이 쉽습니다.",
    },
    {
      image: img("location/school.svg", 480, 320, "학교와 학원가 아이콘"),
      titleText: "교육 환경",
      contentText: "초·중·고교가 가깝고 평촌 학원가를 도보로 이용할 수 있습니다.",
    },
    {
      image: img("location/shopping.svg", 480, 320, "쇼핑과 생활 편의시설 아이콘"),
      titleText: "생활 인프라",
      contentText: "백화점, 대형마트, 안양시청 등 평촌 중심 생활 인프라를 가까이 누립니다.",
    },
    {
      image: img("location/park.svg", 480, 320, "공원과 산책로 아이콘"),
      titleText: "자연 환경",
      contentText: "중앙공원과 학의천 산책로가 가까운 쾌적한 녹지 환경입니다.",
    },
    {
      image: img("location/hospital.svg", 480, 320, "병원 아이콘"),
      titleText: "의료 시설",
      contentText: "대학병원과 종합병원이 가까워 든든한 의료 서비스를 누립니다.",
    },
    {
      image: img("location/development.svg", 480, 320, "개발 호재 아이콘"),
      titleText: "미래 가치",
      contentText: "주변 정비사업과 교통망 확충으로 미래 가치가 기대됩니다. (계획은 변경될 수 있습니다)",
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
      img(`photo/interior-${key.toLowerCase()}-living.svg`, 1280, 800, `${label} 타입 거실 인테리어 일러스트`),
      img(`photo/interior-${key.toLowerCase()}-kitchen.svg`, 1280, 800, `${label} 타입 주방 인테리어 일러스트`),
    ],
  })),
  brandVideo: { src: "", poster: img("photo/video-poster.svg", 1300, 500, "라움하임 평촌 센트럴 홍보영상 포스터") },
  videoTabs: [
    { id: 1, title: "입지 안내 영상", src: "", poster: img("photo/video-poster.svg", 1300, 500, "입지 안내 영상 포스터") },
    { id: 2, title: "59타입 안내 영상", src: "", poster: img("photo/video-poster.svg", 1300, 500, "59타입 안내 영상 포스터") },
    { id: 3, title: "84타입 안내 영상", src: "", poster: img("photo/video-poster.svg", 1300, 500, "84타입 안내 영상 포스터") },
  ],
  vr: { defaultKey: "59A", tabs: [{ key: "59A", title: "59A", src: "" }] },
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
    smsNotice: "방문예약 등록 시 모델하우스 주소와 잔여세대 정보가 문자로 발송됩니다.",
    constructorCredit: "시공 한결건설(주) · 시행 (주)평촌센트럴개발",
  },
  privacy: {
    consentVersion: "2026-11-01",
    items: "이름, 휴대전화번호(연락처), 문의내용",
    purpose: "모델하우스 방문예약 확인, 분양 상담 및 문의 답변",
    retentionDays: 365,
    refusal:
      "개인정보 수집·이용에 동의하지 않을 권리가 있으며, 동의하지 않으시면 방문예약과 상담 신청을 하실 수 없습니다. 전화 상담은 동의 없이 이용하실 수 있습니다.",
    smsConsentText: "(선택) 분양 소식과 잔여세대 정보를 문자(SMS)로 받겠습니다.",
    optOutNumber: "080-000-0000",
    controller: "(주)평촌센트럴개발 분양홍보관 개인정보 보호책임자 홍길동",
  },
} satisfies ContentInput;

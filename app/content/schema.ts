import { z } from "zod";
import { normalizePhone } from "../lib/phone";
import { artworkSchema } from "./artwork-schema";
import { fieldMeta as m } from "./field-meta";
import { eachText, placeholderProblem } from "./identity";
import { milestoneLabel } from "./pages";

/*
 * Every field carries its Korean label and help text (`.meta({ title, description })`), which the
 * JSON Schema for editors (sites/site.schema.json) and the console's generated forms show; `ref`
 * and `widget` say how the console edits it (field-meta.ts, README.md "Field metadata").
 */

/** A site path such as "/Brand/intro": leading slash, no trailing slash. */
const sitePath = z
  .string()
  .regex(
    /^\/([A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*)?$/,
    "경로는 /로 시작하고 /로 끝나지 않아야 합니다",
  );
/** A path that must be one of the complex's pages. */
const pagePath = (title: string, description: string) =>
  sitePath.meta(m(title, description, { ref: "pages" }));

const text = z.string().trim().min(1);
/** A long text: several sentences, edited in a text area. */
const longText = (title: string, description: string) =>
  text.meta(m(title, description, { widget: "textarea" }));
/** A unit type's key (unitTypes), as other fields name it. */
const unitKey = (title: string, description: string) =>
  text.meta(m(title, description, { ref: "unitTypes" }));

const imageFields = {
  src: z
    .string()
    .regex(/^[a-z0-9/-]+\.(svg|png|jpg|jpeg|webp)$/, "이미지 파일명 형식이 아닙니다")
    .meta(
      m(
        "그림 파일",
        "그림 파일의 경로입니다. 그림을 올리면 저절로 채워집니다 (예: photo/home-hero.jpg).",
      ),
    ),
  width: z
    .number()
    .int()
    .positive()
    .meta(m("가로 크기(px)", "그림의 가로 픽셀 수입니다. 그림을 올리면 저절로 채워집니다.")),
  height: z
    .number()
    .int()
    .positive()
    .meta(m("세로 크기(px)", "그림의 세로 픽셀 수입니다. 그림을 올리면 저절로 채워집니다.")),
};

/**
 * An image the site shows. `src` is a file under `assets/images/`: SVG is served as is,
 * raster images are converted at build time to AVIF and WebP (see scripts/build-images.mjs).
 * Its alt text is required: only a banner's background (`bannerImageSchema`) may leave it empty.
 */
const imageSchema = z
  .object({
    ...imageFields,
    alt: z
      .string()
      .trim()
      .min(1, "대체 텍스트를 입력해 주세요")
      .meta(
        m(
          "대체 텍스트",
          "그림을 볼 수 없는 방문자에게 화면 읽기 프로그램이 읽어 주는 설명입니다. 그림에 보이는 것을 한 문장으로 적습니다.",
        ),
      ),
  })
  .meta(m("그림", "JPEG, PNG, WebP 또는 SVG 그림과 그 대체 텍스트입니다.", { widget: "image" }));

/** A page banner's background picture: decoration only, so its alt text may be empty. */
const bannerImageSchema = z
  .object({
    ...imageFields,
    alt: z
      .string()
      .meta(
        m(
          "대체 텍스트",
          "배경으로만 쓰이는 그림이라 보통 비워 둡니다. 그림이 내용을 전하면 그 내용을 적습니다.",
        ),
      ),
  })
  .meta(m("배너 배경 그림", "페이지 배너 뒤에 깔리는 그림입니다 (꾸밈용).", { widget: "image" }));

/** An image slot with its own label and help text. */
const image = (title: string, description: string) => imageSchema.meta(m(title, description));

/*
 * Files that are not pictures: a film, its captions, a 360° panorama, the recruitment notice PDF.
 * Their `src` is an upload (`media/<hash>….<ext>`, app/media/), a build drawing
 * (`art/<id>/….<ext>`, drawn from the complex's data by `npm run images`) or a shared sample file
 * under assets/images (`video/….mp4`, served from /img/). Addresses: app/lib/media-files.ts.
 */
const fileSrc = (extensions: string, title: string, description: string) =>
  z
    .string()
    .regex(
      new RegExp(`^[a-z0-9][a-z0-9/-]*\\.(${extensions})$`),
      "파일 경로 형식이 아닙니다. 파일을 올리면 저절로 채워집니다",
    )
    .meta(m(title, description));

const pixels = (title: string, description: string) =>
  z.number().int().positive().meta(m(title, description));

/** A film kept on this site (an uploaded MP4), played by the browser's own player. */
const videoFileSchema = z
  .object({
    src: fileSrc("mp4", "영상 파일", "MP4 영상 파일입니다. 영상을 올리면 저절로 채워집니다."),
    width: pixels("가로 크기(px)", "영상의 가로 픽셀 수입니다. 영상을 올리면 저절로 채워집니다."),
    height: pixels("세로 크기(px)", "영상의 세로 픽셀 수입니다. 영상을 올리면 저절로 채워집니다."),
    /** Korean captions (WebVTT). */
    captions: fileSrc(
      "vtt",
      "자막 파일",
      "한국어 자막(WebVTT, .vtt) 파일입니다. 소리를 켜지 못하는 방문자도 내용을 알 수 있습니다.",
    ).optional(),
  })
  .meta(
    m("직접 올린 영상", "이 사이트에 올린 MP4 영상입니다. 있으면 영상 주소보다 먼저 쓰입니다.", {
      widget: "video-file",
    }),
  );

/** An equirectangular 360° picture (width twice its height) of one room. */
const panoramaSchema = z
  .object({
    src: fileSrc(
      "jpg",
      "파노라마 파일",
      "360° 파노라마(가로:세로 2:1) 파일입니다. 올리면 저절로 채워집니다.",
    ),
    width: pixels("가로 크기(px)", "파노라마의 가로 픽셀 수입니다."),
    height: pixels("세로 크기(px)", "파노라마의 세로 픽셀 수입니다."),
  })
  .refine((p) => p.width === p.height * 2, {
    message: "360° 파노라마는 가로가 세로의 2배(2:1)여야 합니다",
    path: ["width"],
  })
  .meta(
    m("360° 파노라마", "방 하나를 360°로 찍은 2:1 파노라마 사진입니다.", { widget: "panorama" }),
  );

/** A spot in a room that leads to another room of the same tour. */
const hotspotSchema = z
  .object({
    target: text.meta(m("이동할 방", "누르면 보이는 방의 키입니다 (같은 투어의 방).")),
    label: text.meta(m("표시 이름", "표시에 보이고 읽어 주는 이름입니다 (예: 안방으로).")),
    yaw: z
      .number()
      .min(-180)
      .max(180)
      .meta(m("가로 방향(°)", "정면(0°)에서 오른쪽이 +, 왼쪽이 −인 각도입니다 (−180~180).")),
    pitch: z
      .number()
      .min(-90)
      .max(90)
      .meta(m("세로 방향(°)", "수평(0°)에서 위가 +, 아래가 −인 각도입니다 (−90~90).")),
  })
  .meta(m("이동 표시", "다른 방으로 가는 표시 하나입니다."));

const tourRoomSchema = z
  .object({
    key: text
      .regex(/^[a-z0-9-]+$/, "방 키는 영문 소문자, 숫자, -만 씁니다")
      .meta(m("방 키", "이동 표시가 이 방을 가리키는 이름입니다 (예: living).")),
    title: text.meta(m("방 이름", "투어에 보이는 방 이름입니다 (예: 거실).")),
    panorama: panoramaSchema,
    yaw: z
      .number()
      .min(-180)
      .max(180)
      .default(0)
      .meta(m("처음 방향(°)", "방에 들어섰을 때 보이는 가로 방향입니다.")),
    hotspots: z
      .array(hotspotSchema)
      .default([])
      .meta(m("이동 표시", "이 방에서 다른 방으로 가는 표시들입니다.")),
  })
  .meta(m("방", "360° 투어의 방 하나입니다."));

/** A tour hosted here: rooms of equirectangular panoramas linked by hotspots. */
export const tourSchema = z
  .object({
    rooms: z.array(tourRoomSchema).min(1).meta(m("방", "투어의 방들입니다. 첫 방에서 시작합니다.")),
  })
  .superRefine((tour, ctx) => {
    const keys = new Set<string>();
    for (const [i, room] of tour.rooms.entries()) {
      if (keys.has(room.key))
        ctx.addIssue({
          code: "custom",
          message: `방 키 ‘${room.key}’가 두 번 쓰였습니다`,
          path: ["rooms", i, "key"],
        });
      keys.add(room.key);
    }
    for (const [i, room] of tour.rooms.entries())
      for (const [j, spot] of room.hotspots.entries())
        if (!keys.has(spot.target))
          ctx.addIssue({
            code: "custom",
            message: `이동할 방 ‘${spot.target}’이 이 투어에 없습니다`,
            path: ["rooms", i, "hotspots", j, "target"],
          });
  })
  .meta(m("360° 투어", "이 사이트에 올린 파노라마로 보여 주는 VR 투어입니다."));

/** The recruitment notice as uploaded: the PDF and the size of each page, each drawn as a picture by a job after upload. */
const noticeDocumentSchema = z
  .object({
    src: fileSrc("pdf", "PDF 파일", "모집공고 PDF 파일입니다. 올리면 저절로 채워집니다."),
    bytes: pixels("파일 크기(바이트)", "PDF 파일의 크기입니다. 올리면 저절로 채워집니다."),
    pages: z
      .array(
        z
          .object({
            width: pixels("가로 크기(px)", "쪽 그림의 가로 픽셀 수입니다."),
            height: pixels("세로 크기(px)", "쪽 그림의 세로 픽셀 수입니다."),
          })
          .meta(m("쪽", "PDF 한 쪽의 그림 크기입니다.")),
      )
      .min(1)
      .meta(m("쪽", "PDF의 쪽들입니다. 올리면 저절로 채워집니다.")),
  })
  .meta(
    m(
      "모집공고 파일",
      "이 사이트에 올린 모집공고 PDF입니다. 휴대폰에서 쪽마다 그림으로 보입니다.",
      {
        widget: "pdf",
      },
    ),
  );

/** A video address: an embed address, or a YouTube address or id (played from youtube-nocookie). */
const videoSrc = z
  .union([
    z.literal(""),
    z.url({ protocol: /^https$/, error: "영상 주소는 https://로 시작해야 합니다" }),
    z.string().regex(/^[A-Za-z0-9_-]{11}$/),
  ])
  .meta(
    m(
      "영상 주소",
      "유튜브 주소나 영상 ID(11자), 또는 다른 플레이어의 embed 주소(https://)입니다. 영상이 나오기 전에는 비워 둡니다.",
    ),
  );

const menuItemSchema = z
  .object({
    title: text.meta(m("메뉴 이름", "메뉴에 보이는 이름입니다.")),
    url: pagePath("연결 페이지", "누르면 열리는 페이지입니다."),
  })
  .meta(m("메뉴 항목", "메뉴의 한 줄입니다."));

const menuGroupSchema = z
  .object({
    title: text.meta(
      m("묶음 이름", "상단 메뉴에 보이는 이름입니다. 페이지의 '메뉴 묶음'이 이 이름을 씁니다."),
    ),
    /** Where the top-level item links; defaults to its first sub-page. */
    url: pagePath(
      "묶음 연결 페이지",
      "묶음 이름을 누르면 열리는 페이지입니다. 비워 두면 첫 항목의 페이지가 열립니다.",
    ).optional(),
    items: z
      .array(menuItemSchema)
      .min(1)
      .meta(m("하위 메뉴", "이 묶음을 펼치면 보이는 메뉴 항목입니다. 하나 이상 필요합니다.")),
  })
  .meta(m("메뉴 묶음", "상단 메뉴의 한 묶음과 그 하위 메뉴입니다."));

const pageSchema = z
  .object({
    path: sitePath.meta(
      m("경로", "페이지의 주소입니다 (예: /Brand/intro). /로 시작하고 /로 끝나지 않습니다."),
    ),
    /** Short page name: document title, breadcrumb and screen-reader heading. */
    title: text.meta(
      m("페이지 이름", "브라우저 탭, 경로 표시(빵부스러기), 검색 결과의 제목입니다."),
    ),
    description: text.max(160).meta(
      m("페이지 설명", "검색 결과와 공유 미리보기에 보이는 설명입니다. 160자 이하로 적습니다.", {
        widget: "textarea",
      }),
    ),
    banner: z
      .object({
        title: text.meta(m("배너 제목", "페이지 맨 위 배너의 큰 글씨입니다.")),
        slogans: z
          .array(text.meta(m("문구", "배너 제목 아래 한 줄 문구입니다.")))
          .min(1)
          .max(3)
          .meta(m("배너 문구", "배너 제목 아래에 보이는 한 줄 문구입니다. 1~3개.")),
      })
      .meta(m("배너", "페이지 맨 위의 배너 글씨입니다.")),
    /** Screen-reader-only description of the page. */
    srDescription: longText(
      "화면 읽기용 설명",
      "화면 읽기 프로그램만 읽는 페이지 소개입니다. 화면에는 보이지 않습니다.",
    ),
    /** Menu group title whose items form the page's tab menu. */
    section: z
      .string()
      .meta(
        m(
          "메뉴 묶음",
          "이 페이지가 속한 메뉴 묶음입니다. 그 묶음의 메뉴가 페이지 탭으로 보입니다.",
          {
            ref: "menuGroups",
          },
        ),
      )
      .optional(),
    /** Not listed in sitemap.xml (utility pages). */
    noindex: z
      .boolean()
      .meta(m("검색 제외", "사이트맵에서 빼고 검색엔진이 색인하지 않게 합니다 (보조 페이지)."))
      .optional(),
    /** For a page outside the menu: the menu item marked as current while it is shown. */
    menuUrl: z
      .string()
      .meta(
        m(
          "표시할 메뉴 항목",
          "메뉴에 없는 페이지일 때, 이 페이지를 보는 동안 현재 위치로 표시할 메뉴 항목입니다.",
          { ref: "menuItems" },
        ),
      )
      .optional(),
  })
  .meta(m("페이지", "사이트의 한 페이지: 경로, 이름, 설명, 배너입니다."));

const premiumCardSchema = z
  .object({
    image: image("카드 그림", "카드에 보이는 그림입니다."),
    title: text.meta(m("제목", "카드의 제목입니다.")),
    text1: text.meta(m("첫째 줄", "제목 아래 첫째 줄 설명입니다.")),
    text2: text.meta(m("둘째 줄", "제목 아래 둘째 줄 설명입니다.")),
    link: pagePath("연결 페이지", "카드의 링크가 여는 페이지입니다."),
    linkText: text.meta(m("링크 문구", "카드의 링크 글씨입니다.")),
  })
  .meta(m("프리미엄 카드", "홈 화면과 프리미엄 페이지의 카드 한 장입니다."));

const unitTypeSchema = z
  .object({
    /** Key used in paths and content references, e.g. "59A". */
    key: z
      .string()
      .regex(/^[0-9]+[A-Z]$/)
      .meta(
        m(
          "주택형 키",
          "주소와 다른 항목이 이 주택형을 가리키는 이름입니다. 숫자 뒤에 영문 대문자 하나 (예: 59A).",
        ),
      ),
    /** The label buyers see, e.g. "47A". */
    label: text.meta(m("주택형 이름", "방문자에게 보이는 주택형 이름입니다 (예: 84A).")),
    path: pagePath("평면 페이지", "이 주택형의 평면 페이지입니다 (예: /FloorPlan/59A)."),
    exclusiveArea: z
      .number()
      .positive()
      .meta(
        m(
          "전용면적(㎡)",
          "전용면적을 제곱미터로 적습니다 (예: 84.97). 비우면 ‘준비 중’으로 보입니다.",
        ),
      )
      .optional(),
    supplyArea: z
      .number()
      .positive()
      .meta(
        m(
          "공급면적(㎡)",
          "공급면적을 제곱미터로 적습니다 (예: 112.4). 비우면 ‘준비 중’으로 보입니다.",
        ),
      )
      .optional(),
    households: z
      .number()
      .int()
      .nonnegative()
      .meta(m("세대수", "이 주택형의 세대수입니다. 비우면 ‘준비 중’으로 보입니다."))
      .optional(),
    rooms: z.number().int().positive().meta(m("방 개수", "침실 수입니다.")).optional(),
    bathrooms: z.number().int().positive().meta(m("욕실 개수", "욕실 수입니다.")).optional(),
    plan: image("평면도", "평면 페이지의 평면도 그림입니다."),
    /** Mobile home-page viewer image. */
    viewerImage: image("모바일 홈 평면 그림", "휴대폰 홈 화면의 평면 보기에 쓰이는 그림입니다."),
  })
  .meta(m("주택형", "주택형 하나의 면적, 세대수, 평면도입니다."));

const videoTabSchema = z
  .object({
    id: z
      .number()
      .int()
      .min(1)
      .meta(m("번호", "영상 탭의 번호입니다 (1부터). 탭마다 달라야 합니다.")),
    title: text.meta(
      m("탭 이름", "영상 탭의 이름입니다. 주택형 영상이면 그 주택형 이름을 넣습니다."),
    ),
    /** The unit type (a unitTypes key) the film presents; its title must use that type's label. */
    unitKey: unitKey("주택형", "이 영상이 소개하는 주택형입니다 (주택형 영상일 때만).").optional(),
    /** A YouTube address or id, or another player's embed address; empty until the film is delivered. */
    src: videoSrc,
    /** A film kept on this site; played instead of `src` when present. */
    file: videoFileSchema.optional(),
    poster: image("대표 그림", "영상이 재생되기 전에 보이는 그림입니다."),
  })
  .meta(m("영상 탭", "분양영상 페이지의 영상 탭 하나입니다."));

const vrTabSchema = z
  .object({
    key: text.meta(m("탭 키", "다른 항목이 이 VR 탭을 가리키는 이름입니다 (예: 59A).")),
    title: text.meta(m("탭 이름", "VR 탭에 보이는 이름입니다.")),
    /** A vendor's tour (krpano's tour.html and the like), https only; empty until it is published. */
    src: z
      .union([
        z.literal(""),
        z.url({ protocol: /^https$/, error: "VR 주소는 https://로 시작해야 합니다" }),
      ])
      .meta(
        m(
          "VR 주소",
          "VR 업체가 준 투어 주소(https://…)입니다. 직접 올린 360° 투어가 있으면 그것이 먼저 보입니다. 공개 전에는 비워 둡니다.",
        ),
      ),
    /** Shown until the visitor opens the tour; without it, the type's floor plan or the first room. */
    thumbnail: image(
      "미리보기 그림",
      "투어를 열기 전에 보이는 그림입니다. 비워 두면 평면도나 첫 방의 파노라마가 보입니다.",
    ).optional(),
    /** A tour hosted here; shown instead of `src` when present. */
    tour: tourSchema.optional(),
  })
  .meta(m("VR 탭", "E-모델하우스의 VR 탭 하나입니다."));

const clockTime = z
  .string()
  .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, "시각은 HH:MM 형식이어야 합니다")
  .meta({ widget: "time" });
const isoDate = z
  .string()
  .regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, "날짜는 YYYY-MM-DD 형식이어야 합니다")
  .meta({ widget: "date" });

/**
 * The model house (견본주택): where it is, when it opens, and how visits are booked. Every time is
 * Korean time (Asia/Seoul, UTC+9 all year).
 */
const modelHouseSchema = z
  .object({
    name: text.meta(
      m("견본주택 이름", "방문 안내와 확인 문자에 쓰이는 이름입니다 (예: {단지명} 견본주택)."),
    ),
    /** Opening hours as shown to visitors, e.g. "매일 10:00 ~ 18:00 (설·추석 당일 휴관)". */
    hoursText: text.meta(
      m(
        "운영 시간",
        "방문자에게 보이는 운영 시간입니다 (예: 매일 10:00 ~ 18:00, 설·추석 당일 휴관).",
      ),
    ),
    /** "오시는 길": plain links that open the map apps or sites (no map script on our pages). */
    mapLinks: z
      .object({
        naver: z.url().meta(m("네이버 지도 링크", "네이버 지도에서 견본주택을 여는 주소입니다.")),
        kakao: z.url().meta(m("카카오맵 링크", "카카오맵에서 견본주택을 여는 주소입니다.")),
      })
      .meta(m("지도 링크", "'오시는 길'에서 지도 앱이나 지도 사이트를 여는 링크입니다.")),
    /** Visit booking by date and time slot. */
    visits: z
      .object({
        /** Days of the week it opens: 0 = Sunday … 6 = Saturday. */
        openWeekdays: z
          .array(
            z
              .number()
              .int()
              .min(0)
              .max(6)
              .meta(m("요일", "0은 일요일, 1은 월요일 … 6은 토요일입니다.")),
          )
          .min(1)
          .meta(m("여는 요일", "방문 예약을 받는 요일입니다 (0 일요일 ~ 6 토요일).")),
        opensAt: clockTime.meta(
          m("여는 시각", "첫 예약 시간대가 시작하는 시각입니다 (한국 시간)."),
        ),
        closesAt: clockTime.meta(
          m("닫는 시각", "마지막 예약 시간대가 끝나는 시각입니다 (한국 시간)."),
        ),
        slotMinutes: z
          .number()
          .int()
          .min(10)
          .max(240)
          .meta(m("시간대 길이(분)", "예약 시간대 하나의 길이입니다 (10~240분).")),
        capacityPerSlot: z
          .number()
          .int()
          .positive()
          .meta(m("시간대별 인원", "시간대 하나에 받을 수 있는 예약 수입니다.")),
        /** Exceptions to capacityPerSlot: a weekday and slot start with its own capacity (0: none). */
        capacityExceptions: z
          .array(
            z
              .object({
                weekday: z
                  .number()
                  .int()
                  .min(0)
                  .max(6)
                  .meta(m("요일", "0은 일요일, 1은 월요일 … 6은 토요일입니다.")),
                time: clockTime.meta(m("시간대 시작", "예외를 둘 시간대가 시작하는 시각입니다.")),
                capacity: z
                  .number()
                  .int()
                  .min(0)
                  .max(999)
                  .meta(m("인원", "그 시간대에 받을 예약 수입니다 (0이면 받지 않습니다).")),
              })
              .meta(m("예외", "한 요일의 한 시간대에 다른 인원을 둡니다.")),
          )
          .meta(
            m(
              "요일·시각별 예외",
              "특정 요일의 특정 시간대만 인원을 다르게 둡니다 (0이면 받지 않음).",
            ),
          )
          .optional(),
        /** Dates it stays closed although the weekday is open (holidays). */
        closedDates: z
          .array(isoDate.meta(m("휴관일", "문을 닫는 날짜입니다.")))
          .meta(m("휴관일", "여는 요일이지만 문을 닫는 날짜입니다 (명절 등).")),
        /** How many opening days ahead a visitor can choose. */
        bookableDays: z
          .number()
          .int()
          .positive()
          .max(60)
          .meta(
            m("예약 가능 일수", "방문자가 며칠 앞의 여는 날까지 고를 수 있는지입니다 (최대 60)."),
          ),
      })
      .meta(m("방문 예약", "날짜와 시간대별 방문 예약 설정입니다. 시각은 모두 한국 시간입니다.")),
  })
  .refine((m) => m.visits.opensAt < m.visits.closesAt, {
    message: "여는 시각이 닫는 시각보다 앞서야 합니다",
    path: ["visits", "closesAt"],
  })
  .meta(m("견본주택", "견본주택의 위치, 운영 시간, 방문 예약입니다."));

/* ---------- Live operations: values the administrator changes during the sale (운영 정보) ---------- */

/**
 * A phone number by the lead form's rule (app/lib/phone.ts): written with or without hyphens
 * ("0212345678", "02-1234-5678"), kept and shown in its hyphenated form.
 */
const phoneNumber = (message: string) =>
  z
    .string()
    .transform((value, ctx) => {
      const phone = normalizePhone(value);
      if (phone) return phone;
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    })
    .meta({
      title: "전화번호",
      description:
        "전화번호: 하이픈은 있어도 없어도 되고, 하이픈을 넣은 형태로 보입니다 (예: 1600-0000, 02-1234-5678, 010-1234-5678, 050-7123-4567)",
    });

/** A phone number as shown, e.g. "1600-0000" or "031-123-4567". */
export const contactPhoneSchema = phoneNumber("전화번호 형식이 아닙니다");

/**
 * A number per ad source (utm_source, lower-case): the number the visit's pages show instead of
 * `contact.phone`, and the staff phones alerted for its leads (STAFF_ALERT_PHONES when absent).
 * Agencies buy a virtual number per channel to count its calls.
 */
const phoneBySourceSchema = z
  .record(
    z
      .string()
      .meta(
        m(
          "유입 소스 (utm_source)",
          "광고 주소의 utm_source 값입니다. 영문 소문자, 숫자, _ . - 로 적습니다 (예: naver).",
        ),
      ),
    z
      .object({
        phone: contactPhoneSchema.meta(
          m("보여 줄 번호", "이 소스로 들어온 방문자에게 대표 번호 대신 보이는 번호입니다."),
        ),
        staff: z
          .array(contactPhoneSchema.meta(m("알림 번호", "새 상담 접수를 알릴 직원 번호입니다.")))
          .min(1, "알림 받을 번호를 하나 이상 적어 주세요")
          .meta(
            m(
              "알림 받을 번호",
              "이 소스의 상담 접수를 알릴 직원 번호입니다. 없으면 기본 알림 번호(STAFF_ALERT_PHONES)로 갑니다.",
            ),
          )
          .optional(),
      })
      .meta(m("소스별 번호", "한 유입 소스의 번호와 알림 받을 번호입니다.")),
  )
  .superRefine((map, ctx) => {
    // Checked here, not as the record's key schema: zod reports a bad key without its message.
    for (const source of Object.keys(map)) {
      if (!/^[a-z0-9][a-z0-9_.-]{0,99}$/.test(source)) {
        ctx.addIssue({
          code: "custom",
          message: "유입 소스(utm_source)는 영문 소문자, 숫자, _ . - 로 적어 주세요",
          path: [source],
        });
      }
    }
  });

/** A moment with its offset, e.g. "2026-11-25T09:00:00+09:00" (the admin page writes Korean time). */
const moment = z.iso.datetime({ offset: true, message: "날짜와 시각 형식이 아닙니다" });

/** Remaining units per unit type (unitTypes key → count, 0 = 마감) and when they were counted. */
export const remainingUnitsSchema = z.object({
  updatedAt: moment.meta(
    m(
      "기준 시각",
      "잔여 세대를 센 시각입니다. 2026-11-25T09:00:00+09:00 처럼 날짜, 시각, 시간대를 적습니다.",
    ),
  ),
  counts: z
    .record(
      z.string().meta(m("주택형", "잔여 세대를 적을 주택형입니다.", { ref: "unitTypes" })),
      z
        .number({ message: "숫자를 입력해 주세요" })
        .int("정수로 입력해 주세요")
        .min(0, "0 이상이어야 합니다")
        .max(9999, "9999 이하여야 합니다")
        .meta(m("잔여 세대", "남은 세대 수입니다. 0은 마감으로 보입니다.")),
    )
    .meta(
      m("주택형별 잔여 세대", "주택형마다 남은 세대 수입니다. 적지 않은 주택형은 보이지 않습니다."),
    ),
});

/** A notice shown on every public page from `startsAt` until `endsAt`. */
export const noticeSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, "제목을 입력해 주세요")
      .max(60, "제목은 60자 이하입니다")
      .meta(m("공지 제목", "공지 막대의 굵은 글씨입니다 (60자 이하).")),
    text: z
      .string()
      .trim()
      .min(1, "내용을 입력해 주세요")
      .max(300, "내용은 300자 이하입니다")
      .meta(m("공지 내용", "공지 막대의 내용입니다 (300자 이하).", { widget: "textarea" })),
    link: z
      .union([
        z
          .string()
          .regex(/^\/[A-Za-z0-9/_.-]*$/, "사이트 안 경로(/…) 또는 https:// 주소여야 합니다"),
        z.url({ protocol: /^https$/, message: "사이트 안 경로(/…) 또는 https:// 주소여야 합니다" }),
      ])
      .meta(m("링크", "공지를 누르면 열리는 곳: 사이트 안 경로(/…) 또는 https:// 주소입니다."))
      .optional(),
    startsAt: moment.meta(
      m("시작 시각", "공지가 보이기 시작하는 때입니다 (예: 2026-11-25T09:00:00+09:00)."),
    ),
    endsAt: moment.meta(m("끝 시각", "공지가 내려가는 때입니다 (예: 2026-11-30T18:00:00+09:00).")),
  })
  .refine((n) => Date.parse(n.startsAt) < Date.parse(n.endsAt), {
    message: "끝나는 시각은 시작 시각 뒤여야 합니다",
    path: ["endsAt"],
  });

/* ---------- Information pages (brand, overview, schedule, documents, location, complex, interior) ---------- */

const paragraphs = z
  .array(longText("문단", "한 문단의 글입니다."))
  .min(1)
  .meta({ description: "문단마다 하나씩 적습니다. 하나 이상 필요합니다." });
/** Paragraphs with their own label. */
const paras = (title: string, description: string) => paragraphs.meta(m(title, description));

const heading = (where: string) => text.meta(m("제목", `${where}의 제목입니다.`));
const intro = (where: string) => longText("소개 글", `${where}의 제목 아래 소개 글입니다.`);
const comingSoon = (where: string) =>
  longText("준비 중 안내", `${where}의 내용이 공개되기 전에 보이는 안내입니다.`);

const brandStorySchema = z.object({
  eyebrow: text.meta(m("머리 문구", "제목 위의 작은 영문 문구입니다 (예: BRAND STORY).")),
  heading: heading("브랜드 이야기"),
  paragraphs: paras("본문", "브랜드 이야기의 본문 문단입니다."),
  image: image("대표 그림", "브랜드 이야기 옆의 그림입니다."),
  pillarsHeading: text.meta(m("가치 제목", "브랜드 가치 카드들 위의 제목입니다.")),
  pillars: z
    .array(
      z
        .object({
          label: text.meta(m("머리 문구", "카드 위의 작은 문구입니다 (예: 01).")),
          title: text.meta(m("제목", "카드의 제목입니다.")),
          text: longText("설명", "카드의 설명 글입니다."),
          image: image("그림", "카드의 그림입니다."),
        })
        .meta(m("가치 카드", "브랜드 가치 하나입니다.")),
    )
    .min(3)
    .max(4)
    .meta(m("브랜드 가치", "브랜드 가치 카드입니다 (3~4장).")),
  /** The full brand story is not published yet: shown as a coming-soon notice. */
  comingSoon: comingSoon("브랜드 이야기"),
});

const hexColor = z.string().regex(/^#[0-9a-f]{6}$/i, "색은 #rrggbb 형식이어야 합니다");
const color = (title: string, description: string) => hexColor.meta(m(title, description));

/** A legend entry of a plan drawing; `color` matches the artwork. */
const legendItemSchema = z
  .object({
    label: text.meta(m("이름", "범례에 보이는 이름입니다.")),
    color: z
      .string()
      .regex(/^#[0-9a-f]{6}$/i)
      .meta(m("색", "도면에서 쓰는 색입니다 (#rrggbb).")),
    kind: z
      .enum(["area", "line", "point"])
      .meta(
        m("표시 모양", "범례 기호의 모양: area(면), line(선), point(점)입니다. 비우면 면입니다."),
      )
      .optional(),
  })
  .meta(m("범례 항목", "도면 범례의 한 줄입니다."));

const disclaimersHeading = (where: string) =>
  text.meta(m("유의사항 제목", `${where} 유의사항 위의 제목입니다.`));

const unitPositionsSchema = z.object({
  heading: heading("동호수 배치도"),
  intro: intro("동호수 배치도"),
  image: image("배치도 그림", "동호수 배치도 그림입니다."),
  tableHeading: text.meta(m("표 제목", "동·라인별 주택형 표의 제목입니다.")),
  tableCaption: text.meta(m("표 설명", "화면 읽기 프로그램이 읽는 표의 설명입니다.")),
  /** Colour of each unit type (by unitTypes key) in the drawing and the legend. */
  legendHeading: text.meta(m("범례 제목", "주택형 색 범례 위의 제목입니다.")),
  typeColors: z
    .array(
      z
        .object({
          type: unitKey("주택형", "색을 정할 주택형입니다."),
          color: z
            .string()
            .regex(/^#[0-9a-f]{6}$/i)
            .meta(m("색", "도면과 범례에서 이 주택형의 색입니다 (#rrggbb).")),
        })
        .meta(m("주택형 색", "주택형 하나의 색입니다.")),
    )
    .meta(m("주택형별 색", "도면과 범례에서 주택형마다 쓰는 색입니다.")),
  buildings: z
    .array(
      z
        .object({
          name: text.meta(m("동 이름", "동의 이름입니다 (예: 101동).")),
          floors: z.number().int().positive().meta(m("층수", "이 동의 지상 층수입니다.")),
          /** Each line (호 라인) with its unit type (unitTypes key) and the floors it spans. */
          lines: z
            .array(
              z
                .object({
                  line: z
                    .number()
                    .int()
                    .positive()
                    .meta(m("호 라인", "라인 번호입니다 (예: 1호 라인은 1).")),
                  type: unitKey("주택형", "이 라인의 주택형입니다."),
                  from: z
                    .number()
                    .int()
                    .positive()
                    .meta(m("시작 층", "이 라인이 시작하는 층입니다.")),
                  to: z.number().int().positive().meta(m("끝 층", "이 라인이 끝나는 층입니다.")),
                })
                .meta(m("라인", "한 호 라인의 주택형과 층 범위입니다.")),
            )
            .min(1)
            .meta(m("호 라인", "이 동의 호 라인마다 주택형과 층 범위입니다.")),
        })
        .meta(m("동", "한 동의 층수와 호 라인입니다.")),
    )
    .meta(m("동 목록", "단지의 동마다 층수와 호 라인입니다. 없으면 ‘준비 중’으로 보입니다.")),
  disclaimersHeading: disclaimersHeading("동호수 배치도"),
  disclaimers: paras("유의사항", "동호수 배치도 아래의 유의사항입니다."),
});

/**
 * The sale schedule (분양일정): milestones in order, each with an ISO date and optional Korean-time
 * (Asia/Seoul) hours. A milestone without a date is shown as "추후 공지". `endDate` makes it a
 * period (the contract days); `startTime`/`endTime` are its daily hours.
 */
const milestoneSchema = z
  .object({
    /** Stable id: the calendar file's name and event UID, e.g. "special". */
    key: z
      .string()
      .regex(/^[a-z0-9-]+$/, "일정 키는 영문 소문자, 숫자, -만 씁니다")
      .meta(
        m(
          "일정 키",
          "달력 파일 이름에 쓰이는 이 일정의 고유 이름입니다. 영문 소문자, 숫자, -만 씁니다 (예: special).",
        ),
      ),
    step: text.meta(m("단계", "일정의 이름입니다 (예: 청약 접수).")),
    detail: text.meta(m("세부", "단계 옆 괄호 안에 보이는 설명입니다 (예: 특별공급).")).optional(),
    date: isoDate.meta(m("날짜", "일정의 날짜입니다. 비우면 '추후 공지'로 보입니다.")).optional(),
    endDate: isoDate
      .meta(m("끝나는 날", "기간인 일정(계약 등)의 마지막 날입니다. 하루짜리면 비워 둡니다."))
      .optional(),
    startTime: clockTime.meta(m("시작 시각", "하루 중 시작 시각입니다 (한국 시간).")).optional(),
    endTime: clockTime.meta(m("끝 시각", "하루 중 끝 시각입니다 (한국 시간).")).optional(),
    place: text.meta(m("장소", "일정이 열리는 곳입니다 (예: 견본주택, 청약홈).")),
  })
  .refine((m) => !m.endDate || (m.date !== undefined && m.date < m.endDate), {
    message: "끝나는 날은 시작일 뒤여야 합니다 (시작일도 필요합니다)",
    path: ["endDate"],
  })
  .refine((m) => !m.startTime || m.date !== undefined, {
    message: "시각을 쓰려면 날짜도 필요합니다",
    path: ["startTime"],
  })
  .refine((m) => !m.endTime || (m.startTime !== undefined && m.startTime < m.endTime), {
    message: "끝나는 시각은 시작 시각 뒤여야 합니다",
    path: ["endTime"],
  })
  .meta(m("일정", "분양 일정의 한 단계입니다."));

/**
 * The milestones of a schedule: keys unique, dated ones in date order. A problem is the field of the
 * milestone at fault (`3.date`: 운영 정보 shows it beside that milestone's date), naming it and the
 * one before it.
 */
export const milestonesSchema = z
  .array(milestoneSchema)
  .min(1, "일정이 하나는 있어야 합니다")
  .superRefine((milestones, ctx) => {
    const byKey = new Map<string, { step: string; detail?: string }>();
    let previous: { step: string; detail?: string; date?: string } | undefined;
    milestones.forEach((m, i) => {
      const same = byKey.get(m.key);
      if (same)
        ctx.addIssue({
          code: "custom",
          path: [i, "key"],
          message: `"${milestoneLabel(m)}"의 일정 키(${m.key})가 앞 일정 "${milestoneLabel(same)}"의 키와 겹칩니다`,
        });
      else byKey.set(m.key, m);
      if (!m.date) return;
      if (previous?.date && m.date < previous.date)
        ctx.addIssue({
          code: "custom",
          path: [i, "date"],
          message: `"${milestoneLabel(m)}"의 날짜(${m.date})가 앞 일정 "${milestoneLabel(previous)}"의 날짜(${previous.date})보다 이릅니다. 일정은 날짜 순서대로 적어 주세요`,
        });
      previous = m;
    });
  });

const scheduleSchema = z.object({
  heading: heading("분양 일정"),
  intro: intro("분양 일정"),
  /** Accessible name of the timeline. */
  listLabel: text.meta(m("목록 이름", "화면 읽기 프로그램이 읽는 일정 목록의 이름입니다.")),
  milestones: milestonesSchema.meta(
    m("일정", "분양 일정의 단계들입니다. 날짜가 있는 일정은 날짜 순서대로 적습니다."),
  ),
  /** Shown when no milestone has a date yet. */
  comingSoon: longText(
    "준비 중 안내",
    "날짜가 정해진 일정이 하나도 없을 때 일정 대신 보이는 안내입니다.",
  ),
});

const disclaimers = (where: string) => paras("유의사항", `${where} 아래의 유의사항입니다.`);

const infoPagesSchema = z.object({
  brandStory: brandStorySchema.meta(
    m("브랜드 이야기", "브랜드 소개 페이지(/Brand/intro)의 글과 그림입니다."),
  ),
  overviewPage: z
    .object({
      heading: heading("사업개요"),
      tableCaption: text.meta(m("표 설명", "화면 읽기 프로그램이 읽는 사업개요 표의 설명입니다.")),
      highlightLabels: z
        .object({
          households: text.meta(m("세대수 이름", "세대수 숫자 위의 이름입니다.")),
          floors: text.meta(m("규모 이름", "건축 규모 숫자 위의 이름입니다.")),
          areas: text.meta(m("면적 이름", "전용면적 숫자 위의 이름입니다.")),
        })
        .meta(m("요약 숫자 이름", "페이지 위쪽 요약 숫자들의 이름입니다.")),
      note: longText("안내 문구", "사업개요 표 아래의 안내입니다."),
    })
    .meta(m("사업개요 페이지", "사업개요 페이지(/BusinessGuide/intro)의 글입니다.")),
  schedule: scheduleSchema.meta(
    m("분양 일정", "분양 일정 페이지(/BusinessGuide/plan)의 글과 일정입니다."),
  ),
  documents: z
    .object({
      heading: heading("당첨자 계약서류"),
      intro: intro("당첨자 계약서류"),
      groups: z
        .array(
          z
            .object({
              title: text.meta(m("묶음 이름", "서류 묶음의 이름입니다 (예: 본인 서류).")),
              items: z
                .array(text.meta(m("서류", "준비할 서류 하나입니다.")))
                .min(1)
                .meta(m("서류 목록", "이 묶음에서 준비할 서류입니다.")),
            })
            .meta(m("서류 묶음", "서류 한 묶음입니다.")),
        )
        .meta(m("서류 묶음", "준비할 서류를 묶음별로 적습니다. 없으면 준비 중 안내만 보입니다.")),
      comingSoon: comingSoon("당첨자 계약서류"),
    })
    .meta(m("당첨자 계약서류", "당첨자 계약서류 페이지(/BusinessGuide/documents)의 글입니다.")),
  community: z
    .object({
      heading: heading("커뮤니티"),
      intro: intro("커뮤니티"),
      facilities: z
        .array(
          z
            .object({
              label: text.meta(m("머리 문구", "시설 이름 위의 작은 문구입니다.")),
              name: text.meta(m("시설 이름", "커뮤니티 시설의 이름입니다.")),
              text: longText("설명", "시설의 설명입니다."),
            })
            .meta(m("시설", "커뮤니티 시설 하나입니다.")),
        )
        .meta(m("시설 목록", "커뮤니티 시설들입니다. 없으면 준비 중 안내만 보입니다.")),
      note: longText("안내 문구", "시설 목록 아래의 안내입니다."),
      comingSoon: comingSoon("커뮤니티"),
    })
    .meta(m("커뮤니티", "커뮤니티 페이지(/ComplexGuide/community)의 글입니다.")),
  locationPage: z
    .object({
      heading: heading("입지안내"),
      intro: intro("입지안내"),
      mapHeading: text.meta(m("지도 제목", "입지 개략도 위의 제목입니다.")),
      map: image("입지 개략도", "단지 주변을 그린 지도 그림입니다."),
      highlightsHeading: text.meta(m("입지 장점 제목", "입지 장점 카드들 위의 제목입니다.")),
      disclaimersHeading: disclaimersHeading("입지안내"),
      disclaimers: disclaimers("입지안내"),
    })
    .meta(m("입지안내 페이지", "입지안내 페이지(/LocationEnvironment/intro)의 글과 지도입니다.")),
  premiumPage: z
    .object({ heading: heading("프리미엄"), intro: intro("프리미엄") })
    .meta(m("프리미엄 페이지", "프리미엄 페이지(/LocationEnvironment/primium)의 글입니다.")),
  sitePlan: z
    .object({
      heading: heading("단지배치도"),
      intro: intro("단지배치도"),
      image: image("배치도 그림", "단지배치도 그림입니다."),
      legendHeading: text.meta(m("범례 제목", "범례 위의 제목입니다.")),
      legend: z
        .array(legendItemSchema)
        .meta(m("범례", "배치도의 색과 기호 설명입니다. 없으면 ‘준비 중’으로 보입니다.")),
      disclaimersHeading: disclaimersHeading("단지배치도"),
      disclaimers: disclaimers("단지배치도"),
    })
    .meta(m("단지배치도", "단지배치도 페이지(/ComplexGuide/intro)의 글과 그림입니다.")),
  unitPositions: unitPositionsSchema.meta(
    m("동호수 배치도", "동호수 배치도 페이지(/ComplexGuide/detailintro)의 글, 그림, 표입니다."),
  ),
  interiorPage: z
    .object({
      galleryHeading: text.meta(m("사진 제목", "인테리어 사진들 위의 제목입니다.")),
      noticeHeading: text.meta(m("유의사항 제목", "유의사항 위의 제목입니다.")),
      notices: paras("유의사항", "인테리어 페이지 아래의 유의사항입니다."),
    })
    .meta(m("인테리어 페이지", "인테리어 페이지(/Interior/…)의 공통 글입니다.")),
});

/* ---------- Home page ---------- */

const titledText = z
  .object({
    title: text.meta(m("제목", "항목의 제목입니다.")),
    text: longText("설명", "항목의 설명입니다."),
  })
  .meta(m("항목", "제목과 설명 한 쌍입니다."));

const eyebrow = text.meta(m("머리 문구", "제목 위의 작은 영문 문구입니다."));
const linkText = text.meta(m("링크 문구", "링크 버튼의 글씨입니다."));

/** Texts and artwork of the home page's sections, in the order they appear. */
const homeSchema = z.object({
  hero: z
    .object({
      /** Landscape artwork for screens wider than 900 px. */
      wide: image("가로 그림", "화면이 넓을 때(900px 넘게) 보이는 가로 그림입니다."),
      /** Portrait crop of the same view for phones. */
      tall: image("세로 그림", "휴대폰에서 보이는 같은 장면의 세로 그림입니다."),
      ctaLabel: text.meta(m("버튼 문구", "관심고객 등록 창을 여는 버튼의 글씨입니다.")),
    })
    .meta(m("첫 화면", "홈 화면 맨 위의 큰 그림과 버튼입니다.")),
  /** The strip under the hero; the figures come from `project`. */
  keyFacts: z
    .object({
      heading: text.meta(m("제목", "숫자 띠의 제목입니다 (화면 읽기용).")),
      labels: z
        .object({
          households: text.meta(m("세대수 이름", "세대수 숫자의 이름입니다.")),
          floors: text.meta(m("규모 이름", "건축 규모의 이름입니다.")),
          areas: text.meta(m("면적 이름", "전용면적의 이름입니다.")),
          brandTown: text.meta(m("브랜드타운 이름", "브랜드타운 규모의 이름입니다.")),
          moveIn: text.meta(m("입주 이름", "입주 시기의 이름입니다.")),
        })
        .meta(m("숫자 이름", "숫자마다 붙는 이름입니다. 숫자는 사업 개요에서 옵니다.")),
    })
    .meta(m("주요 숫자", "첫 화면 아래 숫자 띠입니다. 숫자는 사업 개요에서 옵니다.")),
  location: z
    .object({
      eyebrow,
      heading: heading("입지 구역"),
      intro: intro("입지 구역"),
      points: z
        .array(titledText)
        .min(3)
        .max(6)
        .meta(m("입지 장점", "입지 장점 항목입니다 (3~6개).")),
      /** Link that opens the registration popup. */
      ctaLabel: text.meta(m("버튼 문구", "관심고객 등록 창을 여는 버튼의 글씨입니다.")),
    })
    .meta(m("입지", "홈 화면의 입지 구역입니다.")),
  brand: z
    .object({
      eyebrow,
      heading: heading("브랜드 구역"),
      text: longText("본문", "브랜드 구역의 글입니다."),
      linkText,
      image: image("그림", "브랜드 구역의 그림입니다."),
    })
    .meta(m("브랜드", "홈 화면의 브랜드 구역입니다.")),
  environment: z
    .object({
      eyebrow,
      heading: heading("입지환경 구역"),
      text: longText("본문", "입지환경 구역의 글입니다."),
      linkText,
      image: image("그림", "입지환경 구역의 그림입니다."),
    })
    .meta(m("입지환경", "홈 화면의 입지환경 구역입니다.")),
  specialPlan: z
    .object({
      eyebrow,
      heading: heading("특화 설계 구역"),
      intro: intro("특화 설계 구역"),
      items: z
        .array(titledText)
        .min(2)
        .max(4)
        .meta(m("특화 항목", "특화 설계 항목입니다 (2~4개).")),
      image: image("그림", "특화 설계 구역의 그림입니다."),
    })
    .meta(m("특화 설계", "홈 화면의 특화 설계 구역입니다.")),
  premium: z
    .object({
      heading: heading("프리미엄 구역"),
      intro: intro("프리미엄 구역"),
      expandHint: text.meta(m("펼치기 안내", "카드를 펼칠 수 있다는 안내 문구입니다.")),
    })
    .meta(m("프리미엄", "홈 화면의 프리미엄 구역입니다. 카드는 '프리미엄 카드'에서 고칩니다.")),
  unitPlan: z
    .object({
      eyebrow,
      heading: heading("평면 구역"),
      text: longText("본문", "평면 구역의 글입니다."),
      /** The teaser's link (the specification: /FloorPlan/84A) and its unit type's plan. */
      link: pagePath("연결 페이지", "평면 구역의 링크가 여는 평면 페이지입니다."),
      linkText,
      image: image("평면 그림", "평면 구역에 보이는 평면도입니다."),
      /** Phones: the unit-type viewer's tabs (unitTypes keys, in order). */
      viewerHeading: text.meta(m("평면 보기 제목", "휴대폰 평면 보기의 제목입니다.")),
      viewerKeys: z
        .array(unitKey("주택형", "평면 보기 탭에 보일 주택형입니다."))
        .min(1)
        .max(6)
        .meta(
          m("평면 보기 주택형", "휴대폰 평면 보기의 탭에 보일 주택형입니다 (1~6개, 차례대로)."),
        ),
      typeGuideTitle: text.meta(m("타입 안내 제목", "휴대폰 타입 안내 펼침의 제목입니다.")),
      emodelTitle: text.meta(m("E-모델하우스 제목", "휴대폰 E-모델하우스 펼침의 제목입니다.")),
      /** The single VR tab of the E-model accordion (a vr.tabs key). */
      vrKey: text.meta(
        m("E-모델하우스 VR 탭", "휴대폰 E-모델하우스 펼침에 보일 VR 탭입니다.", { ref: "vrTabs" }),
      ),
    })
    .meta(m("평면", "홈 화면의 평면 구역과 휴대폰의 평면 보기입니다.")),
  /** Phones: the business-overview accordion (overview rows, location, premium slider). */
  overview: z
    .object({
      heading: heading("사업 개요 펼침"),
      overviewTitle: text.meta(m("개요 제목", "사업 개요 펼침의 제목입니다.")),
      locationTitle: text.meta(m("입지 제목", "입지 펼침의 제목입니다.")),
      location: z
        .object({
          text: longText("본문", "입지 펼침의 글입니다."),
          image: image("그림", "입지 펼침의 그림입니다."),
          linkText,
        })
        .meta(m("입지 펼침", "휴대폰 입지 펼침의 글과 그림입니다.")),
      premiumTitle: text.meta(m("프리미엄 제목", "프리미엄 펼침의 제목입니다.")),
      sliderLabel: text.meta(
        m("슬라이드 이름", "화면 읽기 프로그램이 읽는 프리미엄 슬라이드의 이름입니다."),
      ),
    })
    .meta(m("사업 개요 (휴대폰)", "휴대폰 홈 화면의 사업 개요 펼침입니다.")),
  /** Phones: the complex-guide accordion, one image per entry. */
  complexGuide: z
    .object({
      heading: heading("단지 안내 펼침"),
      items: z
        .array(
          z
            .object({
              title: text.meta(m("제목", "항목의 제목입니다.")),
              text: longText("설명", "항목의 설명입니다."),
              image: image("그림", "항목의 그림입니다."),
              link: pagePath("연결 페이지", "항목의 링크가 여는 페이지입니다.").optional(),
            })
            .meta(m("항목", "단지 안내 항목 하나입니다.")),
        )
        .length(3)
        .meta(m("항목", "단지 안내 항목입니다 (3개).")),
    })
    .meta(m("단지 안내 (휴대폰)", "휴대폰 홈 화면의 단지 안내 펼침입니다.")),
  visit: z
    .object({
      eyebrow,
      heading: heading("방문 예약 구역"),
      intro: intro("방문 예약 구역"),
      formHeading: text.meta(m("예약 양식 제목", "방문 예약 양식 위의 제목입니다.")),
      modelHouseHeading: text.meta(m("견본주택 제목", "견본주택 안내 위의 제목입니다.")),
      directionsLabel: text.meta(m("오시는 길 이름", "지도 링크들의 이름입니다.")),
      scheduleHeading: text.meta(m("일정 제목", "분양 일정 요약 위의 제목입니다.")),
      scheduleLinkText: text.meta(
        m("일정 링크 문구", "분양 일정 페이지로 가는 링크의 글씨입니다."),
      ),
    })
    .meta(m("방문 예약", "홈 화면 끝의 방문 예약 구역입니다.")),
});

/**
 * A complex's own colours: each replaces one custom property of the design (app/styles/base.css)
 * for that complex; without `theme` it keeps the default navy and bronze. Text sits on these
 * colours, so each keeps WCAG AA contrast (4.5:1) where the design uses it (checked for every
 * complex by app/content/sites.test.ts).
 */
/**
 * The complex's other colours; its main one (--navy) is 대표 색 of 단지 기본 정보 (`identity.color`).
 */
const themeSchema = z.object({
  /** --navy-2: the second stop of the brand gradients and the plan tabs, behind white text. */
  primaryAlt: color("대표 색 2", "대표 색 그러데이션의 둘째 색과 평면 탭에 쓰입니다 (#rrggbb)."),
  /** --gold: the accent; behind white text (call and booking buttons), underlines, focus rings. */
  accent: color("강조 색", "전화·예약 버튼 바탕, 밑줄, 초점 테두리에 쓰입니다 (#rrggbb)."),
  /** --gold-light: the accent on dark ground (text on the brand colour and in the footer). */
  accentLight: color(
    "밝은 강조 색",
    "어두운 바탕(대표 색, 바닥글) 위의 강조 글씨입니다 (#rrggbb).",
  ),
  /** --gold-text: the accent as text on white and --bg-soft (eyebrows, dates). */
  accentText: color("강조 글씨 색", "흰 바탕 위의 강조 글씨(머리 문구, 날짜)입니다 (#rrggbb)."),
});

/* ---------- 단지 기본 정보: the complex's identity, once (docs/decisions/042-identity-once.md) ---------- */

const identityText = (title: string, description: string) =>
  text.meta(m(title, `${description} 다른 글에서는 {${title}} 자리표시로 씁니다.`));

/**
 * What makes a complex itself: every page, title, meta tag, JSON-LD, header, footer and alt text
 * that shows one of these reads it from here, directly or through a placeholder (`{단지명}`)
 * filled at render (app/content/identity.ts).
 */
export const identitySchema = z
  .object({
    /** The complex's name as every page shows it (titles, header, footer, JSON-LD). */
    name: text.meta(
      m(
        "단지명",
        "단지의 정식 이름입니다. 페이지 제목, 머리글, 바닥글, 공유 정보에 쓰입니다. 다른 글에서는 {단지명} 자리표시로 씁니다.",
      ),
    ),
    brand: text.meta(
      m(
        "브랜드",
        "아파트 브랜드 이름입니다 (예: 라움하임). 다른 글에서는 {브랜드} 자리표시로 씁니다.",
      ),
    ),
    /** The header's and footer's logo; without one a wordmark of the name is shown. */
    logo: image(
      "로고",
      "머리글과 바닥글의 로고 그림입니다. 없으면 단지명과 브랜드로 만든 글자 로고가 보입니다.",
    ).optional(),
    address: text.meta(
      m(
        "단지 주소 (대지 위치)",
        "단지가 들어서는 곳의 주소입니다. 다른 글에서는 {단지 주소} 자리표시로 씁니다.",
      ),
    ),
    modelHouseAddress: text.meta(
      m(
        "견본주택 주소",
        "견본주택(모델하우스)의 주소입니다. 방문 안내와 확인 문자에 쓰입니다. 다른 글에서는 {견본주택 주소} 자리표시로 씁니다.",
      ),
    ),
    developer: identityText("시행", "사업 주체(시행사)입니다."),
    builder: identityText("시공", "시공사입니다."),
    agency: identityText("분양 대행", "분양 대행사입니다. 없으면 비워 둡니다.").optional(),
    business: z
      .object({
        name: identityText("상호", "바닥글에 보이는 사업자 상호입니다."),
        representative: identityText("대표자", "사업자의 대표자 이름입니다."),
        registrationNumber: identityText(
          "사업자등록번호",
          "사업자등록번호입니다 (예: 000-81-00000).",
        ),
        address: identityText("사업장 주소", "사업장의 주소입니다."),
      })
      .meta(m("사업자 정보", "바닥글에 보이는 사업자 정보입니다.")),
    /** Display form, e.g. "1600-0000". */
    phone: contactPhoneSchema.meta(
      m(
        "대표 전화",
        "모든 페이지에 보이는 분양 문의 번호입니다 (예: 1600-0000). 다른 글에서는 {대표 전화} 자리표시로 씁니다.",
      ),
    ),
    /** --navy: the brand colour; text on white, and behind white text (banners, buttons). */
    color: color(
      "대표 색",
      "단지의 메인 색입니다. 흰 바탕의 글씨와 흰 글씨 뒤의 바탕(배너, 버튼)에 쓰이므로 흰색과의 대비가 4.5:1 이상이어야 합니다 (#rrggbb).",
    ),
  })
  .meta(
    m(
      "단지 기본 정보",
      "단지를 그 단지로 만드는 사실들입니다. 다른 글에서 이 값을 말할 때는 {단지명}, {브랜드}, {단지 주소}, {견본주택 주소}, {시행}, {시공}, {분양 대행}, {상호}, {대표자}, {사업자등록번호}, {사업장 주소}, {대표 전화}처럼 쓰면 지금 값이 들어갑니다.",
    ),
  );

/* ---------- Messages: the sender number and 알림톡 (docs/decisions/021-solapi.md) ---------- */

const providerId = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{4,64}$/, message);

/** The visitor's and the staff's messages as 알림톡 through Solapi, with the text as substitute. */
const kakaoSchema = z.object({
  /** The Kakao channel's id at Solapi, e.g. "KA01PF…". */
  pfId: providerId("카카오 채널 ID(pfId)는 영문, 숫자, -, _ 4~64자여야 합니다").meta(
    m("카카오 채널 ID (pfId)", "솔라피에 등록한 카카오 채널의 ID입니다 (예: KA01PF…)."),
  ),
  /**
   * The approved templates' ids. Their variables (app/outbox/sms.server.ts): 방문 확인
   * #{단지명} #{이름} #{방문일시} #{장소} #{예약링크} #{문의전화}; 직원 알림 #{단지명} #{구분}
   * #{이름} #{연락처} #{방문일시} #{유입}.
   */
  templates: z
    .object({
      visitConfirmation: providerId("알림톡 템플릿 ID는 영문, 숫자, -, _ 4~64자여야 합니다").meta(
        m(
          "방문 확인 템플릿 ID",
          "방문 예약 확인 알림톡의 승인된 템플릿 ID입니다. 변수: #{단지명} #{이름} #{방문일시} #{장소} #{예약링크} #{문의전화}",
        ),
      ),
      staffAlert: providerId("알림톡 템플릿 ID는 영문, 숫자, -, _ 4~64자여야 합니다").meta(
        m(
          "직원 알림 템플릿 ID",
          "새 상담 접수를 직원에게 알리는 알림톡의 템플릿 ID입니다. 변수: #{단지명} #{구분} #{이름} #{연락처} #{방문일시} #{유입}",
        ),
      ),
      visitReminder: providerId("알림톡 템플릿 ID는 영문, 숫자, -, _ 4~64자여야 합니다")
        .meta(
          m(
            "방문 전날 알림 템플릿 ID",
            "방문 전날 알림톡의 승인된 템플릿 ID입니다. 없으면 문자로 보냅니다. 변수: #{단지명} #{이름} #{방문일시} #{장소} #{문의전화}",
          ),
        )
        .optional(),
    })
    .meta(m("템플릿", "카카오에서 승인받은 알림톡 템플릿의 ID입니다.")),
});

/** The marks a visit reminder's text may hold, filled per visitor when it is sent. */
const VISIT_REMINDER_MARKS = ["[이름]", "[방문일시]"] as const;

/**
 * The D-1 reminder (issue 42, item 5): the text sent the day before a booked visit, with the
 * visitor's [이름] and [방문일시] marked (the complex's facts as placeholders, e.g. {견본주택 주소}).
 */
const visitReminderSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, "방문 전날 알림 문구를 입력해 주세요")
    .max(1000, "방문 전날 알림 문구는 1,000자 이내여야 합니다")
    .refine((v) => v.includes("[방문일시]"), "문구에 [방문일시]가 있어야 합니다")
    .refine(
      (v) =>
        [...v.matchAll(/\[[^[\]\n]{1,10}\]/g)].every((mark) =>
          (VISIT_REMINDER_MARKS as readonly string[]).includes(mark[0]),
        ),
      `알 수 없는 표시가 있습니다. 쓸 수 있는 표시: ${VISIT_REMINDER_MARKS.join(", ")}`,
    )
    .meta(
      m(
        "문구",
        "방문 예약 전날 보내는 문자입니다. [이름]과 [방문일시]는 방문객마다 채워집니다 (예: {단지명}, {견본주택 주소} 같은 자리표시도 쓸 수 있습니다).",
        { widget: "textarea" },
      ),
    ),
});

/** The sender number registered with the SMS provider (over the SMS_SENDER setting). */
const smsSettingsSchema = z.object({
  sender: phoneNumber("발신번호는 전화번호 형식이어야 합니다 (예: 1600-0000, 02-1234-5678)").meta(
    m("발신번호", "문자 발송 업체에 등록한 발신번호입니다 (예: 1600-0000)."),
  ),
});

/**
 * The ad platforms' conversion tags (app/lib/tracking.ts): each set one loads after the first paint
 * and gets a page view per page and the events of accepted registrations, keyed by the lead's id.
 * None is set in the samples.
 */
const trackingSchema = z.object({
  /** 네이버 공통 인증키 (wcs_add.wa), e.g. "s_1a2b3c4d5e6f". */
  naver: z
    .object({
      wa: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_]{4,40}$/, "네이버 공통 인증키(wa)는 영문, 숫자, _ 4~40자여야 합니다")
        .meta(
          m(
            "공통 인증키 (wa)",
            "네이버 프리미엄 로그분석의 공통 인증키입니다 (예: s_1a2b3c4d5e6f).",
          ),
        ),
    })
    .meta(m("네이버", "네이버 전환 추적입니다."))
    .optional(),
  /** 카카오 픽셀의 track id (digits). */
  kakao: z
    .object({
      trackId: z
        .string()
        .trim()
        .regex(/^[0-9]{4,25}$/, "카카오 픽셀 trackId는 숫자 4~25자리여야 합니다")
        .meta(m("픽셀 trackId", "카카오 픽셀의 track id(숫자)입니다.")),
    })
    .meta(m("카카오", "카카오 픽셀 전환 추적입니다."))
    .optional(),
  /** 메타 픽셀 ID (digits). */
  meta: z
    .object({
      pixelId: z
        .string()
        .trim()
        .regex(/^[0-9]{4,25}$/, "메타 픽셀 ID는 숫자 4~25자리여야 합니다")
        .meta(m("픽셀 ID", "메타(페이스북) 픽셀 ID(숫자)입니다.")),
    })
    .meta(m("메타", "메타 픽셀 전환 추적입니다."))
    .optional(),
  /** Google Ads conversion's send_to, "AW-<tag id>/<conversion label>". */
  google: z
    .object({
      sendTo: z
        .string()
        .trim()
        .regex(
          /^AW-[0-9]{4,15}\/[A-Za-z0-9_-]{2,40}$/,
          "구글 전환 send_to는 AW-123456789/AbC_dEf 형식이어야 합니다",
        )
        .meta(m("전환 send_to", "구글 애즈 전환의 send_to 값입니다 (AW-123456789/AbC_dEf 형식).")),
    })
    .meta(m("구글", "구글 애즈 전환 추적입니다."))
    .optional(),
});

export const contentSchema = z
  .object({
    identity: identitySchema,
    project: z
      .object({
        lot: text.meta(m("지번", "대지의 지번입니다 (예: 934).")),
        floors: z
          .object({
            basement: z
              .number()
              .int()
              .positive()
              .meta(m("지하 층수", "지하 몇 층까지인지 적습니다.")),
            above: z
              .number()
              .int()
              .positive()
              .meta(m("지상 층수", "가장 높은 동의 지상 층수입니다.")),
          })
          .meta(m("건축 규모", "지하와 지상 층수입니다. 없으면 ‘준비 중’으로 보입니다."))
          .optional(),
        exclusiveAreas: z
          .array(
            z.number().positive().meta(m("전용면적(㎡)", "전용면적 하나를 제곱미터로 적습니다.")),
          )
          .meta(
            m(
              "전용면적",
              "단지의 전용면적들입니다 (㎡, 작은 것부터). 없으면 ‘준비 중’으로 보입니다.",
            ),
          ),
        households: z
          .number()
          .int()
          .positive()
          .meta(m("총 세대수", "단지 전체 세대수입니다. 비우면 ‘준비 중’으로 보입니다."))
          .optional(),
        /** Scale of the brand town, one configured figure. */
        brandTownHouseholds: z
          .number()
          .int()
          .positive()
          .meta(
            m(
              "브랜드타운 세대수",
              "주변 같은 브랜드 단지들을 더한 세대수입니다. 비우면 ‘준비 중’으로 보입니다.",
            ),
          )
          .optional(),
        /** Move-in period as announced, e.g. "2030년 6월 예정". */
        moveIn: text.meta(m("입주 시기", "발표된 입주 시기입니다 (예: 2030년 6월 예정).")),
        remainingUnitsNotice: longText(
          "잔여 세대 안내",
          "잔여 세대 현황판 아래에 보이는 안내입니다.",
        ),
      })
      .meta(m("사업 개요", "단지의 지번, 규모, 세대수, 입주 시기 같은 사실입니다.")),
    /** Colours of this complex; the default look when absent. */
    theme: themeSchema
      .meta(
        m(
          "색",
          "대표 색 말고 이 단지의 색들입니다. 없으면 기본 남색과 금색을 씁니다. 글씨 대비(4.5:1)를 지켜야 합니다.",
        ),
      )
      .optional(),
    modelHouse: modelHouseSchema,
    home: homeSchema.meta(m("홈 화면", "홈 화면 구역들의 글과 그림입니다 (보이는 차례대로).")),
    contact: z
      .object({
        hours: text.meta(m("상담 시간", "전화 상담 시간입니다 (예: 매일 10:00 ~ 18:00).")),
      })
      .meta(m("연락처", "전화 상담 시간입니다 (대표 전화는 단지 기본 정보에 있습니다).")),
    /** Another number for visits from an ad source (utm_source → number, staff phones). */
    phoneBySource: phoneBySourceSchema
      .meta(
        m(
          "광고 소스별 번호",
          "광고 소스(utm_source)마다 다른 번호를 보여 주고, 그 소스의 접수를 다른 직원에게 알립니다.",
        ),
      )
      .optional(),
    familySites: z
      .array(
        z
          .object({
            name: text.meta(m("이름", "패밀리 사이트의 이름입니다.")),
            url: z.url().meta(m("주소", "패밀리 사이트의 주소입니다 (https://…).")),
          })
          .meta(m("패밀리 사이트", "바닥글의 외부 사이트 링크 하나입니다.")),
      )
      .min(1)
      .meta(m("패밀리 사이트", "바닥글의 외부 사이트 링크입니다 (하나 이상).")),
    menu: z.array(menuGroupSchema).min(1).meta(m("메뉴", "상단 메뉴의 묶음과 하위 메뉴입니다.")),
    videoMenu: z.array(menuItemSchema).min(1).meta(m("영상 메뉴", "영상 안내 메뉴의 항목입니다.")),
    pages: z
      .array(pageSchema)
      .min(1)
      .meta(
        m("페이지", "사이트의 모든 페이지와 그 이름, 설명, 배너입니다. 경로는 겹치면 안 됩니다."),
      ),
    redirects: z
      .array(
        z
          .object({
            from: sitePath.meta(m("옛 경로", "옮기기 전의 주소입니다 (예: /brand).")),
            to: pagePath("새 경로", "옛 주소로 오면 보낼 페이지입니다."),
          })
          .meta(m("옮긴 주소", "옛 주소 하나와 그 새 주소입니다.")),
      )
      .meta(m("옮긴 주소", "옛 주소로 온 방문자를 새 페이지로 보냅니다 (301).")),
    premiumCards: z
      .array(premiumCardSchema)
      .length(4)
      .meta(m("프리미엄 카드", "홈 화면과 프리미엄 페이지의 카드 4장입니다.")),
    overviewRows: z
      .array(
        z
          .object({
            label: text.meta(m("항목", "표의 왼쪽 칸입니다 (예: 대지위치).")),
            value: text.meta(m("내용", "표의 오른쪽 칸입니다.")),
          })
          .meta(m("표의 줄", "사업개요 표의 한 줄입니다.")),
      )
      .min(1)
      .meta(m("사업개요 표", "사업개요 페이지와 홈 화면의 개요 표입니다.")),
    locationHighlights: z
      .array(
        z
          .object({
            image: image("그림", "입지 장점의 그림입니다."),
            titleText: text.meta(m("제목", "입지 장점의 제목입니다.")),
            contentText: longText("설명", "입지 장점의 설명입니다."),
          })
          .meta(m("입지 장점", "입지 장점 카드 하나입니다.")),
      )
      .max(6)
      .meta(
        m(
          "입지 장점",
          "입지안내 페이지의 입지 장점 카드입니다 (6장까지). 없으면 ‘준비 중’으로 보입니다.",
        ),
      ),
    unitTypes: z
      .array(unitTypeSchema)
      .min(1)
      .meta(m("주택형", "단지의 주택형들입니다. 다른 항목들이 주택형 키로 가리킵니다.")),
    interiors: z
      .array(
        z
          .object({
            key: text.meta(m("키", "이 인테리어를 가리키는 이름입니다 (보통 주택형 키, 예: 84A).")),
            label: text.meta(m("이름", "탭에 보이는 이름입니다.")),
            path: pagePath("페이지", "이 인테리어의 페이지입니다 (예: /Interior/84A)."),
            images: z
              .array(
                imageSchema
                  .extend({
                    caption: text
                      .meta(m("사진 설명", "사진 아래 보이는 짧은 설명입니다."))
                      .optional(),
                  })
                  .meta(m("사진", "인테리어 사진 한 장과 설명입니다.", { widget: "image" })),
              )
              .min(1)
              .meta(m("사진", "인테리어 사진들입니다 (보이는 차례대로).")),
          })
          .meta(m("인테리어", "한 주택형의 인테리어 사진들입니다.")),
      )
      .meta(m("인테리어", "주택형별 인테리어 페이지입니다.")),
    /** Texts and drawings of the information pages (brand, overview, location, complex, interior). */
    infoPages: infoPagesSchema.meta(
      m("정보 페이지", "브랜드, 사업, 입지, 단지, 인테리어 페이지의 글과 그림입니다."),
    ),
    brandVideo: z
      .object({
        src: videoSrc,
        file: videoFileSchema.optional(),
        poster: image("대표 그림", "영상이 재생되기 전에 보이는 그림입니다."),
      })
      .meta(m("홍보영상", "홍보영상 페이지(/Brand/video)의 영상입니다.")),
    videoTabs: z
      .array(videoTabSchema)
      .min(1)
      .meta(m("분양영상", "분양영상 페이지(/FloorPlan/videos)의 영상 탭입니다.")),
    vr: z
      .object({
        defaultKey: text.meta(
          m("처음 보일 탭", "E-모델하우스를 열면 먼저 보이는 VR 탭입니다.", { ref: "vrTabs" }),
        ),
        tabs: z.array(vrTabSchema).min(1).meta(m("VR 탭", "E-모델하우스의 VR 탭입니다.")),
      })
      .meta(m("E-모델하우스", "E-모델하우스 페이지(/FloorPlan/Emodel)의 VR 둘러보기입니다.")),
    /** Unit floor plan pages: the invitation to the videos and the model-home notice. */
    floorPlanPage: z
      .object({
        headline: text.meta(m("머리 문구", "평면 페이지 위쪽의 문구입니다.")),
        videoLinkText: text.meta(m("영상 링크 문구", "분양영상 페이지로 가는 링크의 글씨입니다.")),
        notices: z
          .array(longText("유의사항", "유의사항 한 줄입니다."))
          .min(1)
          .meta(m("유의사항", "평면 페이지 아래의 유의사항입니다.")),
      })
      .meta(m("평면 페이지", "주택형 평면 페이지(/FloorPlan/…)의 공통 글입니다.")),
    /** The official resident recruitment notice (입주자 모집공고); pdfUrl stays empty until it is published. */
    announcement: z
      .object({
        title: text.meta(m("제목", "모집공고의 제목입니다.")),
        pdfUrl: z
          .union([z.literal(""), z.url(), z.string().regex(/^\/[A-Za-z0-9/_.-]+\.pdf$/)])
          .meta(
            m(
              "PDF 주소",
              "모집공고 PDF의 주소(https://… 또는 /….pdf)입니다. 공고 전에는 비워 둡니다.",
            ),
          ),
        /** The notice uploaded here: its pages are shown as pictures, the PDF offered for download. */
        document: noticeDocumentSchema.optional(),
        publishedAt: z.iso
          .date()
          .meta(m("공고일", "모집공고를 낸 날입니다.", { widget: "date" }))
          .optional(),
      })
      .meta(m("입주자 모집공고", "모집공고 페이지(/SalesInfo/announcement)입니다.")),
    /** Internet subscription how-to (/SalesInfo/SubscriptionGuide). */
    subscriptionGuide: z
      .object({
        officialName: text.meta(
          m("청약 사이트 이름", "청약을 받는 공식 사이트의 이름입니다 (예: 청약홈)."),
        ),
        officialUrl: z.url().meta(m("청약 사이트 주소", "공식 청약 사이트의 주소입니다.")),
        steps: z
          .array(
            z
              .object({
                title: text.meta(m("제목", "단계의 제목입니다.")),
                text: longText("설명", "단계의 설명입니다."),
              })
              .meta(m("단계", "인터넷 청약의 한 단계입니다.")),
          )
          .min(1)
          .meta(m("청약 단계", "인터넷 청약을 하는 차례입니다.")),
        notes: z
          .array(longText("안내", "안내 한 줄입니다."))
          .meta(m("안내", "단계 아래의 안내입니다.")),
      })
      .meta(m("청약방법", "청약방법 페이지(/SalesInfo/SubscriptionGuide)입니다.")),
    /** Checkpoints before subscribing (/SalesInfo/guide). */
    salesGuide: z
      .object({
        caveat: longText("주의 문구", "청약안내문 위쪽의 주의 문구입니다."),
        checkpoints: z
          .array(
            z
              .object({
                title: text.meta(m("제목", "확인 사항 묶음의 제목입니다.")),
                items: z
                  .array(longText("항목", "확인 사항 하나입니다."))
                  .min(1)
                  .meta(m("항목", "확인 사항입니다.")),
              })
              .meta(m("확인 사항 묶음", "청약 전 확인 사항 한 묶음입니다.")),
          )
          .min(1)
          .meta(m("확인 사항", "청약 전에 확인할 사항을 묶음별로 적습니다.")),
      })
      .meta(m("청약안내문", "청약안내문 페이지(/SalesInfo/guide)입니다.")),
    /** Stamp tax page: how the contract's stamp tax is shared between developer and buyer. */
    stampTax: z
      .object({
        buyerSharePercent: z
          .number()
          .min(0)
          .max(100)
          .meta(m("계약자 부담 비율(%)", "인지세 가운데 계약자가 내는 비율입니다 (0~100).")),
        shareNote: longText("부담 안내", "인지세를 나누어 내는 방법의 안내입니다."),
      })
      .meta(m("인지세", "인지세 안내 페이지(/SalesInfo/stampTax)입니다.")),
    press: z
      .object({
        defaultSite: z
          .string()
          .regex(/^[a-z0-9-]+$/)
          .meta(
            m(
              "기본 보도자료 주소",
              "'보도자료' 메뉴가 여는 보도자료 사이트입니다 (아래 목록 가운데 하나).",
            ),
          ),
        sites: z
          .array(
            z
              .string()
              .regex(/^[a-z0-9-]+$/)
              .meta(m("보도자료 주소", "/<이름>/press 의 이름 부분입니다 (영문 소문자, 숫자, -).")),
          )
          .min(1)
          .meta(m("보도자료 사이트", "이 단지의 보도자료 주소들입니다 (/<이름>/press).")),
        authorLabel: text.meta(m("작성자 표시", "보도자료에 보이는 작성자 이름입니다.")),
      })
      .meta(m("보도자료", "홍보센터 보도자료 설정입니다.")),
    seo: z
      .object({
        titleTemplate: z
          .string()
          .includes("%s")
          .meta(
            m(
              "제목 틀",
              "페이지 제목의 틀입니다. %s 자리에 페이지 이름이 들어갑니다 (예: %s | 단지명).",
            ),
          ),
        ogImage: image("공유 그림", "메신저와 SNS에 링크를 공유할 때 보이는 그림입니다."),
        naverSiteVerification: z
          .string()
          .meta(m("네이버 사이트 확인값", "네이버 서치어드바이저가 준 사이트 소유 확인값입니다.")),
        keywords: z
          .array(text.meta(m("키워드", "검색 키워드 하나입니다.")))
          .meta(m("키워드", "검색엔진에 알리는 키워드입니다.")),
      })
      .meta(m("검색·공유", "검색엔진과 링크 공유에 쓰이는 설정입니다.")),
    images: z
      .object({
        bannerDefault: bannerImageSchema.meta(
          m("기본 배너 그림", "배너 그림을 따로 정하지 않은 페이지의 배너 배경입니다."),
        ),
        banners: z
          .record(
            z
              .string()
              .meta(m("메뉴 묶음", "이 배너 그림을 쓸 메뉴 묶음입니다.", { ref: "menuGroups" })),
            bannerImageSchema,
          )
          .meta(m("메뉴 묶음별 배너 그림", "메뉴 묶음마다 그 페이지들의 배너 배경 그림입니다.")),
      })
      .meta(m("공통 그림", "페이지 배너 그림입니다 (로고는 단지 기본 정보에 있습니다).")),
    legal: z
      .object({
        disclaimers: z
          .array(longText("문구", "고지 문구 한 줄입니다."))
          .min(1)
          .meta(m("고지 문구", "바닥글의 법적 고지 문구입니다.")),
        adDisclaimer: longText("광고 고지", "광고물임을 알리는 문구입니다."),
        smsNotice: longText("문자 안내", "상담 신청 양식의 문자 수신 안내입니다."),
      })
      .meta(m("법적 고지", "바닥글과 양식의 법적 고지입니다.")),
    privacy: z
      .object({
        /** Bump when the consent text changes; stored with every lead. */
        consentVersion: text.meta(
          m(
            "동의문 버전",
            "동의 문구를 바꾸면 올립니다. 접수마다 함께 저장됩니다 (예: 2026-11-01).",
          ),
        ),
        items: longText("수집 항목", "수집하는 개인정보 항목입니다."),
        purpose: longText("수집 목적", "개인정보를 수집하는 목적입니다."),
        retentionDays: z
          .number()
          .int()
          .positive()
          .meta(m("보관 기간(일)", "개인정보를 보관하는 날 수입니다.")),
        refusal: longText("동의 거부 안내", "동의하지 않을 권리와 그 결과의 안내입니다."),
        smsConsentText: longText(
          "문자 수신 동의 문구",
          "광고 문자 수신 동의 체크박스의 문구입니다.",
        ),
        /** The free number for refusing SMS (수신거부), e.g. "080-000-0000". */
        optOutNumber: contactPhoneSchema.meta(
          m("수신거부 번호", "광고 문자 수신을 거부하는 무료 번호입니다 (예: 080-000-0000)."),
        ),
        controller: longText("개인정보 보호책임자", "개인정보 보호책임자와 연락처입니다."),
        /** Collected automatically with every form (abuse prevention): shown with the consent. */
        autoCollected: longText(
          "자동 수집 항목",
          "양식과 함께 자동으로 수집되는 정보입니다 (부정 이용 방지).",
        ),
        /** The privacy policy (/privacy) takes effect on this date (YYYY-MM-DD). */
        effectiveDate: z
          .string()
          .regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/)
          .meta(m("시행일", "개인정보 처리방침이 효력을 갖는 날입니다.", { widget: "date" })),
        /** How and when personal data is destroyed. */
        destruction: z
          .array(longText("문단", "파기 절차의 한 문단입니다."))
          .min(1)
          .meta(m("파기 절차", "개인정보를 언제, 어떻게 파기하는지입니다.")),
        /** Provision to third parties (usually none). */
        thirdParty: longText("제3자 제공", "개인정보를 다른 곳에 제공하는지입니다 (보통 없음)."),
        /** Processing entrusted to others (처리위탁): SMS gateway, agency CRM. */
        processors: z
          .array(
            z
              .object({
                name: text.meta(m("수탁자", "처리를 맡긴 업체입니다.")),
                task: text.meta(m("맡긴 일", "맡긴 업무입니다 (예: 문자 발송).")),
              })
              .meta(m("처리위탁", "처리를 맡긴 업체 하나입니다.")),
          )
          .min(1)
          .meta(m("처리위탁", "개인정보 처리를 맡긴 업체와 업무입니다.")),
        /** Rights of the data subject and how to use them. */
        rights: z
          .array(longText("문단", "권리 안내의 한 문단입니다."))
          .min(1)
          .meta(m("정보주체의 권리", "정보주체의 권리와 행사 방법입니다.")),
        /** Security measures. */
        safeguards: z
          .array(longText("문단", "안전성 확보 조치의 한 문단입니다."))
          .min(1)
          .meta(m("안전성 확보 조치", "개인정보를 지키는 조치입니다.")),
      })
      .meta(m("개인정보 처리방침", "개인정보 동의와 처리방침(/privacy)의 내용입니다.")),
    /** Facts only the drawings need (map landmarks, site layout): see artwork-schema.ts. */
    artwork: artworkSchema
      .meta(m("그림 자료", "입지 개략도와 단지배치도를 그리는 데 쓰는 자료입니다."))
      .optional(),
    /** Remaining units (운영 정보 usually sets them): the board on the home and sales pages. */
    remainingUnits: remainingUnitsSchema
      .meta(
        m(
          "잔여 세대",
          "홈 화면과 분양 페이지의 잔여 세대 현황판입니다 (보통 운영 정보에서 바꿉니다).",
        ),
      )
      .optional(),
    /** A notice for every public page within its period (운영 정보 usually sets it). */
    notice: noticeSchema
      .meta(
        m("공지", "기간 동안 모든 공개 페이지에 보이는 공지입니다 (보통 운영 정보에서 바꿉니다)."),
      )
      .optional(),
    /** 알림톡 for the visit confirmation and the staff alert (with Solapi); plain SMS when absent. */
    kakao: kakaoSchema
      .meta(
        m(
          "알림톡",
          "방문 확인과 직원 알림을 알림톡으로 보냅니다 (솔라피). 없으면 문자로 보냅니다.",
        ),
      )
      .optional(),
    /** The D-1 reminder's text; no reminder is sent without it. */
    visitReminder: visitReminderSchema
      .meta(
        m(
          "방문 전날 알림",
          "방문 예약 전날 방문객에게 보내는 알림 문자입니다. 없으면 보내지 않습니다 (단지별로 상담 접수 관리에서 끌 수도 있습니다).",
        ),
      )
      .optional(),
    /** The registered sender number; the SMS_SENDER setting when absent. */
    sms: smsSettingsSchema
      .meta(m("문자 발신", "문자 발신번호입니다. 없으면 서버 설정(SMS_SENDER)을 씁니다."))
      .optional(),
    /** Conversion tags of the ad platforms; none when absent. */
    tracking: trackingSchema
      .meta(m("전환 추적", "광고 플랫폼의 전환 추적 태그입니다. 없으면 싣지 않습니다."))
      .optional(),
  })
  .superRefine((content, ctx) => {
    // Placeholders name a fact of 단지 기본 정보 (identity.ts); the group itself holds none.
    const agency = content.identity.agency !== undefined;
    eachText(content, (value, path) => {
      if (!value.includes("{")) return;
      const problem =
        path[0] === "identity" && path[1] !== "logo"
          ? /\{[^{}\n]{1,20}\}/.test(value)
            ? "단지 기본 정보에는 자리표시를 쓸 수 없습니다. 값을 그대로 적어 주세요"
            : undefined
          : placeholderProblem(value, agency);
      if (problem) ctx.addIssue({ code: "custom", message: problem, path });
    });
    const paths = new Set(content.pages.map((p) => p.path));
    if (paths.size !== content.pages.length) {
      ctx.addIssue({
        code: "custom",
        message: "같은 경로의 페이지가 두 번 있습니다",
        path: ["pages"],
      });
    }
    const linked = [
      ...content.menu.flatMap((g) => [...g.items.map((i) => i.url), ...(g.url ? [g.url] : [])]),
      ...content.videoMenu.map((i) => i.url),
      ...content.unitTypes.map((u) => u.path),
      ...content.interiors.map((i) => i.path),
      ...content.premiumCards.map((c) => c.link),
    ];
    const menuUrls = new Set(content.menu.flatMap((g) => g.items.map((i) => i.url)));
    for (const page of content.pages) {
      if (page.menuUrl !== undefined && !menuUrls.has(page.menuUrl)) {
        ctx.addIssue({
          code: "custom",
          message: `메뉴에 없는 항목입니다: ${page.menuUrl}`,
          path: ["pages", page.path, "menuUrl"],
        });
      }
    }
    const redirectFrom = new Set(content.redirects.map((r) => r.from));
    for (const url of linked) {
      if (!paths.has(url) && !redirectFrom.has(url) && url !== "/Promotion/Press") {
        ctx.addIssue({
          code: "custom",
          message: `링크 대상 페이지가 없습니다: ${url}`,
          path: ["menu"],
        });
      }
    }
    for (const r of content.redirects) {
      if (!paths.has(r.to)) {
        ctx.addIssue({
          code: "custom",
          message: `리다이렉트 대상이 없습니다: ${r.to}`,
          path: ["redirects"],
        });
      }
    }
    if (!content.press.sites.includes(content.press.defaultSite)) {
      ctx.addIssue({
        code: "custom",
        message: "기본 보도자료 사이트가 목록에 없습니다",
        path: ["press"],
      });
    }
    const unitKeys = new Set(content.unitTypes.map((u) => u.key));
    for (const key of Object.keys(content.remainingUnits?.counts ?? {})) {
      if (!unitKeys.has(key)) {
        ctx.addIssue({
          code: "custom",
          message: `없는 주택형입니다: ${key}`,
          path: ["remainingUnits", "counts", key],
        });
      }
    }
    // Each reference at its own field, so the console's message links to it.
    const positions = content.infoPages.unitPositions;
    const typed = [
      ...positions.buildings.flatMap((b, i) =>
        b.lines.map((line, j) => ({ type: line.type, path: ["buildings", i, "lines", j] })),
      ),
      ...positions.typeColors.map((line, i) => ({ type: line.type, path: ["typeColors", i] })),
    ];
    for (const { type, path } of typed) {
      if (!unitKeys.has(type)) {
        ctx.addIssue({
          code: "custom",
          message: `없는 주택형입니다: ${type}`,
          path: ["infoPages", "unitPositions", ...path, "type"],
        });
      }
    }
    for (const [i, key] of content.home.unitPlan.viewerKeys.entries()) {
      if (!unitKeys.has(key)) {
        ctx.addIssue({
          code: "custom",
          message: `없는 주택형입니다: ${key}`,
          path: ["home", "unitPlan", "viewerKeys", i],
        });
      }
    }
    for (const [i, tab] of content.videoTabs.entries()) {
      if (tab.unitKey === undefined) continue;
      const unit = content.unitTypes.find((u) => u.key === tab.unitKey);
      if (!unit || !tab.title.includes(unit.label)) {
        ctx.addIssue({
          code: "custom",
          message: unit
            ? `영상 탭 제목에 주택형 이름(${unit.label})이 없습니다: ${tab.title}`
            : `없는 주택형입니다: ${tab.unitKey}`,
          path: ["videoTabs", i, unit ? "title" : "unitKey"],
        });
      }
    }
    if (!content.vr.tabs.some((t) => t.key === content.home.unitPlan.vrKey)) {
      ctx.addIssue({
        code: "custom",
        message: "E-모델하우스 탭이 VR 목록에 없습니다",
        path: ["home", "unitPlan", "vrKey"],
      });
    }
    for (const url of [
      content.home.unitPlan.link,
      ...content.home.complexGuide.items.flatMap((i) => (i.link ? [i.link] : [])),
    ]) {
      if (!paths.has(url)) {
        ctx.addIssue({
          code: "custom",
          message: `링크 대상 페이지가 없습니다: ${url}`,
          path: ["home"],
        });
      }
    }
    if (!content.vr.tabs.some((t) => t.key === content.vr.defaultKey)) {
      ctx.addIssue({ code: "custom", message: "VR 기본 탭이 목록에 없습니다", path: ["vr"] });
    }
  });

/**
 * A `hosts` entry: `host[:port]`, with its scheme or not (`http://…`, `https://…`; without one,
 * https, but http for localhost and IPs: app/sites/host-name.server.ts).
 */
export const HOST_ENTRY = /^(https?:\/\/)?[a-z0-9.-]+(:[0-9]+)?$/;

/**
 * What names a complex in a deployment serving many: its id (the folder `sites/<id>/`, and
 * `<id>.localhost` in local work), the host names it answers on, and whether it is the one
 * answered for any other host (`DEFAULT_SITE` overrides).
 */
export const siteMetaSchema = z.object({
  id: z
    .string()
    .regex(/^[a-z][a-z0-9-]{0,39}$/, "영문 소문자, 숫자, -로 된 단지 id여야 합니다")
    .meta(
      m(
        "단지 id",
        "단지를 가리키는 영문 이름입니다 (sites/<id>/ 폴더, <id>.localhost). 만든 뒤에는 바꿀 수 없습니다.",
        { readOnly: true },
      ),
    ),
  default: z
    .boolean()
    .meta(
      m(
        "기본 단지",
        "어느 단지에도 등록되지 않은 호스트로 온 요청에 이 단지를 보여 줍니다. 한 단지만 기본일 수 있습니다.",
      ),
    )
    .optional(),
  hosts: z
    .array(
      z
        .string()
        .regex(
          HOST_ENTRY,
          "호스트 이름 형식이 아닙니다 (예: www.example.com, http://dongtan.localhost:4100)",
        )
        .meta(
          m(
            "호스트 이름",
            "이 단지가 응답하는 도메인 하나입니다 (예: www.example.com). 앞에 https:// 또는 http://를 붙여 주소 방식을 정합니다. 붙이지 않으면 https, localhost와 IP 주소는 http입니다.",
          ),
        ),
    )
    .meta(m("호스트 이름", "이 단지가 응답하는 도메인들입니다. 다른 단지와 겹치면 안 됩니다.")),
});

/**
 * The JSON Schema of a complex's `site.yaml` (sites/site.schema.json, written by `npm run sites --
 * schema`), so an editor checks the file while it is typed. The cross-field rules (links to pages
 * that exist, unit keys) are checked by the build.
 */
export function siteJsonSchema() {
  return z.toJSONSchema(siteMetaSchema.extend(contentSchema.shape), { io: "input" });
}

export type Content = z.infer<typeof contentSchema>;
export type SiteMeta = z.infer<typeof siteMetaSchema>;
/** One complex: its content and what names it. */
export type Site = SiteMeta & Content;
export type ContentInput = z.input<typeof contentSchema>;
export type Image = z.infer<typeof imageSchema>;
export type Page = z.infer<typeof pageSchema>;
export type MenuGroup = z.infer<typeof menuGroupSchema>;
export type MenuItem = z.infer<typeof menuItemSchema>;
export type UnitType = z.infer<typeof unitTypeSchema>;
export type PremiumCard = z.infer<typeof premiumCardSchema>;
export type VrTab = z.infer<typeof vrTabSchema>;
export type VideoFile = z.infer<typeof videoFileSchema>;
export type Tour = z.infer<typeof tourSchema>;
export type NoticeDocument = z.infer<typeof noticeDocumentSchema>;
export type ModelHouse = z.infer<typeof modelHouseSchema>;
export type RemainingUnits = z.infer<typeof remainingUnitsSchema>;
export type Notice = z.infer<typeof noticeSchema>;
export type Tracking = z.infer<typeof trackingSchema>;
export type Milestone = z.infer<typeof milestoneSchema>;
export type Theme = z.infer<typeof themeSchema>;
export type Identity = z.infer<typeof identitySchema>;
export type { Artwork, LocationMap, SitePlan } from "./artwork-schema";

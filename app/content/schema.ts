import { z } from "zod";
import { normalizePhone } from "../lib/phone";
import { artworkSchema } from "./artwork-schema";
import { milestoneLabel } from "./pages";

/** A site path such as "/Brand/intro": leading slash, no trailing slash. */
const sitePath = z
  .string()
  .regex(
    /^\/([A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*)?$/,
    "경로는 /로 시작하고 /로 끝나지 않아야 합니다",
  );

const text = z.string().trim().min(1);

/**
 * An image the site shows. `src` is a file under `assets/images/`: SVG is served as is,
 * raster images are converted at build time to AVIF and WebP (see scripts/build-images.mjs).
 */
export const imageSchema = z.object({
  src: z.string().regex(/^[a-z0-9/-]+\.(svg|png|jpg|jpeg|webp)$/, "이미지 파일명 형식이 아닙니다"),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  alt: z.string(),
});

export const menuItemSchema = z.object({ title: text, url: sitePath });

export const menuGroupSchema = z.object({
  title: text,
  /** Where the top-level item links; defaults to its first sub-page. */
  url: sitePath.optional(),
  items: z.array(menuItemSchema).min(1),
});

export const pageSchema = z.object({
  path: sitePath,
  /** Short page name: document title, breadcrumb and screen-reader heading. */
  title: text,
  description: text.max(160),
  banner: z.object({ title: text, slogans: z.array(text).min(1).max(3) }),
  /** Screen-reader-only description of the page. */
  srDescription: text,
  /** Menu group title whose items form the page's tab menu. */
  section: z.string().optional(),
  /** Not listed in sitemap.xml (utility pages). */
  noindex: z.boolean().optional(),
  /** For a page outside the menu: the menu item marked as current while it is shown. */
  menuUrl: z.string().optional(),
});

export const premiumCardSchema = z.object({
  image: imageSchema,
  title: text,
  text1: text,
  text2: text,
  link: sitePath,
  linkText: text,
});

export const unitTypeSchema = z.object({
  /** Key used in paths and content references, e.g. "59A". */
  key: z.string().regex(/^[0-9]+[A-Z]$/),
  /** The label buyers see, e.g. "47A". */
  label: text,
  path: sitePath,
  exclusiveArea: z.number().positive(),
  supplyArea: z.number().positive(),
  households: z.number().int().nonnegative(),
  rooms: z.number().int().positive(),
  bathrooms: z.number().int().positive(),
  plan: imageSchema,
  /** Mobile home-page viewer image. */
  viewerImage: imageSchema,
});

export const videoTabSchema = z.object({
  id: z.number().int().min(1),
  title: text,
  /** The unit type (a unitTypes key) the film presents; its title must use that type's label. */
  unitKey: z.string().optional(),
  /** Embed URL of the player; empty until the agency delivers the film. */
  src: z.union([z.literal(""), z.url()]),
  poster: imageSchema,
});

export const vrTabSchema = z.object({
  key: text,
  title: text,
  /** Embed URL of the VR tour; empty until it is published. */
  src: z.union([z.literal(""), z.url()]),
});

const clockTime = z
  .string()
  .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, "시각은 HH:MM 형식이어야 합니다");
const isoDate = z
  .string()
  .regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, "날짜는 YYYY-MM-DD 형식이어야 합니다");

/**
 * The model house (견본주택): where it is, when it opens, and how visits are booked. Every time is
 * Korean time (Asia/Seoul, UTC+9 all year).
 */
export const modelHouseSchema = z
  .object({
    name: text,
    address: text,
    /** Opening hours as shown to visitors, e.g. "매일 10:00 ~ 18:00 (설·추석 당일 휴관)". */
    hoursText: text,
    /** "오시는 길": plain links that open the map apps or sites (no map script on our pages). */
    mapLinks: z.object({ naver: z.url(), kakao: z.url() }),
    /** Visit booking by date and time slot. */
    visits: z.object({
      /** Days of the week it opens: 0 = Sunday … 6 = Saturday. */
      openWeekdays: z.array(z.number().int().min(0).max(6)).min(1),
      opensAt: clockTime,
      closesAt: clockTime,
      slotMinutes: z.number().int().min(10).max(240),
      capacityPerSlot: z.number().int().positive(),
      /** Exceptions to capacityPerSlot: a weekday and slot start with its own capacity (0: none). */
      capacityExceptions: z
        .array(
          z.object({
            weekday: z.number().int().min(0).max(6),
            time: clockTime,
            capacity: z.number().int().min(0).max(999),
          }),
        )
        .optional(),
      /** Dates it stays closed although the weekday is open (holidays). */
      closedDates: z.array(isoDate),
      /** How many opening days ahead a visitor can choose. */
      bookableDays: z.number().int().positive().max(60),
    }),
  })
  .refine((m) => m.visits.opensAt < m.visits.closesAt, {
    message: "여는 시각이 닫는 시각보다 앞서야 합니다",
    path: ["visits", "closesAt"],
  });

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
export const phoneBySourceSchema = z
  .record(
    z.string(),
    z.object({
      phone: contactPhoneSchema,
      staff: z
        .array(contactPhoneSchema)
        .min(1, "알림 받을 번호를 하나 이상 적어 주세요")
        .optional(),
    }),
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
  updatedAt: moment,
  counts: z.record(
    z.string(),
    z
      .number({ message: "숫자를 입력해 주세요" })
      .int("정수로 입력해 주세요")
      .min(0, "0 이상이어야 합니다")
      .max(9999, "9999 이하여야 합니다"),
  ),
});

/** A notice shown on every public page from `startsAt` until `endsAt`. */
export const noticeSchema = z
  .object({
    title: z.string().trim().min(1, "제목을 입력해 주세요").max(60, "제목은 60자 이하입니다"),
    text: z.string().trim().min(1, "내용을 입력해 주세요").max(300, "내용은 300자 이하입니다"),
    link: z
      .union([
        z
          .string()
          .regex(/^\/[A-Za-z0-9/_.-]*$/, "사이트 안 경로(/…) 또는 https:// 주소여야 합니다"),
        z.url({ protocol: /^https$/, message: "사이트 안 경로(/…) 또는 https:// 주소여야 합니다" }),
      ])
      .optional(),
    startsAt: moment,
    endsAt: moment,
  })
  .refine((n) => Date.parse(n.startsAt) < Date.parse(n.endsAt), {
    message: "끝나는 시각은 시작 시각 뒤여야 합니다",
    path: ["endsAt"],
  });

/* ---------- Information pages (brand, overview, schedule, documents, location, complex, interior) ---------- */

const paragraphs = z.array(text).min(1);

export const brandStorySchema = z.object({
  eyebrow: text,
  heading: text,
  paragraphs,
  image: imageSchema,
  pillarsHeading: text,
  pillars: z
    .array(z.object({ label: text, title: text, text: text, image: imageSchema }))
    .min(3)
    .max(4),
  /** The full brand story is not published yet: shown as a coming-soon notice. */
  comingSoon: text,
});

/** A legend entry of a plan drawing; `color` matches the artwork. */
export const legendItemSchema = z.object({
  label: text,
  color: z.string().regex(/^#[0-9a-f]{6}$/i),
  kind: z.enum(["area", "line", "point"]).optional(),
});

export const unitPositionsSchema = z.object({
  heading: text,
  intro: text,
  image: imageSchema,
  tableHeading: text,
  tableCaption: text,
  /** Colour of each unit type (by unitTypes key) in the drawing and the legend. */
  legendHeading: text,
  typeColors: z.array(z.object({ type: text, color: z.string().regex(/^#[0-9a-f]{6}$/i) })).min(1),
  buildings: z
    .array(
      z.object({
        name: text,
        floors: z.number().int().positive(),
        /** Each line (호 라인) with its unit type (unitTypes key) and the floors it spans. */
        lines: z
          .array(
            z.object({
              line: z.number().int().positive(),
              type: text,
              from: z.number().int().positive(),
              to: z.number().int().positive(),
            }),
          )
          .min(1),
      }),
    )
    .min(1),
  disclaimersHeading: text,
  disclaimers: paragraphs,
});

/**
 * The sale schedule (분양일정): milestones in order, each with an ISO date and optional Korean-time
 * (Asia/Seoul) hours. A milestone without a date is shown as "추후 공지". `endDate` makes it a
 * period (the contract days); `startTime`/`endTime` are its daily hours.
 */
export const milestoneSchema = z
  .object({
    /** Stable id: the calendar file's name and event UID, e.g. "special". */
    key: z.string().regex(/^[a-z0-9-]+$/, "일정 키는 영문 소문자, 숫자, -만 씁니다"),
    step: text,
    detail: text.optional(),
    date: isoDate.optional(),
    endDate: isoDate.optional(),
    startTime: clockTime.optional(),
    endTime: clockTime.optional(),
    place: text,
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
  });

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

export const scheduleSchema = z.object({
  heading: text,
  intro: text,
  /** Accessible name of the timeline. */
  listLabel: text,
  milestones: milestonesSchema,
  /** Shown when no milestone has a date yet. */
  comingSoon: text,
});

export const infoPagesSchema = z.object({
  brandStory: brandStorySchema,
  overviewPage: z.object({
    heading: text,
    tableCaption: text,
    highlightLabels: z.object({ households: text, floors: text, areas: text }),
    note: text,
  }),
  schedule: scheduleSchema,
  documents: z.object({
    heading: text,
    intro: text,
    groups: z.array(z.object({ title: text, items: z.array(text).min(1) })).min(1),
    comingSoon: text,
  }),
  community: z.object({
    heading: text,
    intro: text,
    facilities: z.array(z.object({ label: text, name: text, text: text })).min(1),
    note: text,
    comingSoon: text,
  }),
  locationPage: z.object({
    heading: text,
    intro: text,
    mapHeading: text,
    map: imageSchema,
    highlightsHeading: text,
    disclaimersHeading: text,
    disclaimers: paragraphs,
  }),
  premiumPage: z.object({ heading: text, intro: text }),
  sitePlan: z.object({
    heading: text,
    intro: text,
    image: imageSchema,
    legendHeading: text,
    legend: z.array(legendItemSchema).min(1),
    disclaimersHeading: text,
    disclaimers: paragraphs,
  }),
  unitPositions: unitPositionsSchema,
  interiorPage: z.object({ galleryHeading: text, noticeHeading: text, notices: paragraphs }),
});

/* ---------- Home page ---------- */

const titledText = z.object({ title: text, text: text });

/** Texts and artwork of the home page's sections, in the order they appear. */
export const homeSchema = z.object({
  hero: z.object({
    /** Landscape artwork for screens wider than 900 px. */
    wide: imageSchema,
    /** Portrait crop of the same view for phones. */
    tall: imageSchema,
    ctaLabel: text,
  }),
  /** The strip under the hero; the figures come from `project`. */
  keyFacts: z.object({
    heading: text,
    labels: z.object({
      households: text,
      floors: text,
      areas: text,
      brandTown: text,
      moveIn: text,
    }),
  }),
  location: z.object({
    eyebrow: text,
    heading: text,
    intro: text,
    points: z.array(titledText).min(3).max(6),
    /** Link that opens the registration popup. */
    ctaLabel: text,
  }),
  brand: z.object({ eyebrow: text, heading: text, text, linkText: text, image: imageSchema }),
  environment: z.object({
    eyebrow: text,
    heading: text,
    text,
    linkText: text,
    image: imageSchema,
  }),
  specialPlan: z.object({
    eyebrow: text,
    heading: text,
    intro: text,
    items: z.array(titledText).min(2).max(4),
    image: imageSchema,
  }),
  premium: z.object({ heading: text, intro: text, expandHint: text }),
  unitPlan: z.object({
    eyebrow: text,
    heading: text,
    text,
    /** The teaser's link (the specification: /FloorPlan/84A) and its unit type's plan. */
    link: sitePath,
    linkText: text,
    image: imageSchema,
    /** Phones: the unit-type viewer's tabs (unitTypes keys, in order). */
    viewerHeading: text,
    viewerKeys: z.array(text).min(2).max(6),
    typeGuideTitle: text,
    emodelTitle: text,
    /** The single VR tab of the E-model accordion (a vr.tabs key). */
    vrKey: text,
  }),
  /** Phones: the business-overview accordion (overview rows, location, premium slider). */
  overview: z.object({
    heading: text,
    overviewTitle: text,
    locationTitle: text,
    location: z.object({ text, image: imageSchema, linkText: text }),
    premiumTitle: text,
    sliderLabel: text,
  }),
  /** Phones: the complex-guide accordion, one image per entry. */
  complexGuide: z.object({
    heading: text,
    items: z
      .array(z.object({ title: text, text, image: imageSchema, link: sitePath.optional() }))
      .length(3),
  }),
  visit: z.object({
    eyebrow: text,
    heading: text,
    intro: text,
    formHeading: text,
    modelHouseHeading: text,
    directionsLabel: text,
    scheduleHeading: text,
    scheduleLinkText: text,
  }),
});

const hexColor = z.string().regex(/^#[0-9a-f]{6}$/i, "색은 #rrggbb 형식이어야 합니다");

/**
 * A complex's own colours: each replaces one custom property of the design (app/styles/base.css)
 * for that complex; without `theme` it keeps the default navy and bronze. Text sits on these
 * colours, so each keeps WCAG AA contrast (4.5:1) where the design uses it (checked for every
 * complex by app/content/sites.test.ts).
 */
export const themeSchema = z.object({
  /** --navy: the brand colour; text on white, and behind white text (banners, buttons). */
  primary: hexColor,
  /** --navy-2: the second stop of the brand gradients and the plan tabs, behind white text. */
  primaryAlt: hexColor,
  /** --gold: the accent; behind white text (call and booking buttons), underlines, focus rings. */
  accent: hexColor,
  /** --gold-light: the accent on dark ground (text on the brand colour and in the footer). */
  accentLight: hexColor,
  /** --gold-text: the accent as text on white and --bg-soft (eyebrows, dates). */
  accentText: hexColor,
});

/* ---------- Messages: the sender number and 알림톡 (docs/decisions/021-solapi.md) ---------- */

const providerId = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{4,64}$/, message);

/** The visitor's and the staff's messages as 알림톡 through Solapi, with the text as substitute. */
export const kakaoSchema = z.object({
  /** The Kakao channel's id at Solapi, e.g. "KA01PF…". */
  pfId: providerId("카카오 채널 ID(pfId)는 영문, 숫자, -, _ 4~64자여야 합니다"),
  /**
   * The approved templates' ids. Their variables (app/outbox/sms.server.ts): 방문 확인
   * #{단지명} #{이름} #{방문일시} #{장소} #{예약링크} #{문의전화}; 직원 알림 #{단지명} #{구분}
   * #{이름} #{연락처} #{방문일시} #{유입}.
   */
  templates: z.object({
    visitConfirmation: providerId("알림톡 템플릿 ID는 영문, 숫자, -, _ 4~64자여야 합니다"),
    staffAlert: providerId("알림톡 템플릿 ID는 영문, 숫자, -, _ 4~64자여야 합니다"),
  }),
});

/** The sender number registered with the SMS provider (over the SMS_SENDER setting). */
export const smsSettingsSchema = z.object({
  sender: phoneNumber("발신번호는 전화번호 형식이어야 합니다 (예: 1600-0000, 02-1234-5678)"),
});

/**
 * The ad platforms' conversion tags (app/lib/tracking.ts): each set one loads after the first paint
 * and gets a page view per page and the events of accepted registrations, keyed by the lead's id.
 * None is set in the samples.
 */
export const trackingSchema = z.object({
  /** 네이버 공통 인증키 (wcs_add.wa), e.g. "s_1a2b3c4d5e6f". */
  naver: z
    .object({
      wa: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_]{4,40}$/, "네이버 공통 인증키(wa)는 영문, 숫자, _ 4~40자여야 합니다"),
    })
    .optional(),
  /** 카카오 픽셀의 track id (digits). */
  kakao: z
    .object({
      trackId: z
        .string()
        .trim()
        .regex(/^[0-9]{4,25}$/, "카카오 픽셀 trackId는 숫자 4~25자리여야 합니다"),
    })
    .optional(),
  /** 메타 픽셀 ID (digits). */
  meta: z
    .object({
      pixelId: z
        .string()
        .trim()
        .regex(/^[0-9]{4,25}$/, "메타 픽셀 ID는 숫자 4~25자리여야 합니다"),
    })
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
        ),
    })
    .optional(),
});

export const contentSchema = z
  .object({
    project: z.object({
      brandName: text,
      complexName: text,
      /** Shown in the header logo and page titles. */
      siteName: text,
      address: text,
      lot: text,
      floors: z.object({
        basement: z.number().int().positive(),
        above: z.number().int().positive(),
      }),
      exclusiveAreas: z.array(z.number().positive()).min(1),
      households: z.number().int().positive(),
      /** Scale of the brand town, one configured figure. */
      brandTownHouseholds: z.number().int().positive(),
      /** Move-in period as announced, e.g. "2030년 6월 예정". */
      moveIn: text,
      developer: text,
      constructor: text,
      remainingUnitsNotice: text,
    }),
    /** Colours of this complex; the default look when absent. */
    theme: themeSchema.optional(),
    modelHouse: modelHouseSchema,
    home: homeSchema,
    contact: z.object({
      /** Display form, e.g. "1600-0000". */
      phone: contactPhoneSchema,
      hours: text,
    }),
    /** Another number for visits from an ad source (utm_source → number, staff phones). */
    phoneBySource: phoneBySourceSchema.optional(),
    business: z.object({
      name: text,
      representative: text,
      registrationNumber: text,
      address: text,
    }),
    familySites: z.array(z.object({ name: text, url: z.url() })).min(1),
    menu: z.array(menuGroupSchema).min(1),
    videoMenu: z.array(menuItemSchema).min(1),
    pages: z.array(pageSchema).min(1),
    redirects: z.array(z.object({ from: sitePath, to: sitePath })),
    premiumCards: z.array(premiumCardSchema).length(4),
    overviewRows: z.array(z.object({ label: text, value: text })).min(1),
    locationHighlights: z
      .array(z.object({ image: imageSchema, titleText: text, contentText: text }))
      .length(6),
    unitTypes: z.array(unitTypeSchema).min(1),
    interiors: z.array(
      z.object({
        key: text,
        label: text,
        path: sitePath,
        images: z.array(imageSchema.extend({ caption: text.optional() })).min(1),
      }),
    ),
    /** Texts and drawings of the information pages (brand, overview, location, complex, interior). */
    infoPages: infoPagesSchema,
    brandVideo: z.object({ src: z.union([z.literal(""), z.url()]), poster: imageSchema }),
    videoTabs: z.array(videoTabSchema).min(1),
    vr: z.object({ defaultKey: text, tabs: z.array(vrTabSchema).min(1) }),
    /** Unit floor plan pages: the invitation to the videos and the model-home notice. */
    floorPlanPage: z.object({ headline: text, videoLinkText: text, notices: z.array(text).min(1) }),
    /** The official resident recruitment notice (입주자 모집공고); pdfUrl stays empty until it is published. */
    announcement: z.object({
      title: text,
      pdfUrl: z.union([z.literal(""), z.url(), z.string().regex(/^\/[A-Za-z0-9/_.-]+\.pdf$/)]),
      publishedAt: z.iso.date().optional(),
    }),
    /** Internet subscription how-to (/SalesInfo/SubscriptionGuide). */
    subscriptionGuide: z.object({
      officialName: text,
      officialUrl: z.url(),
      steps: z.array(z.object({ title: text, text: text })).min(1),
      notes: z.array(text),
    }),
    /** Checkpoints before subscribing (/SalesInfo/guide). */
    salesGuide: z.object({
      caveat: text,
      checkpoints: z.array(z.object({ title: text, items: z.array(text).min(1) })).min(1),
    }),
    /** Stamp tax page: how the contract's stamp tax is shared between developer and buyer. */
    stampTax: z.object({ buyerSharePercent: z.number().min(0).max(100), shareNote: text }),
    press: z.object({
      defaultSite: z.string().regex(/^[a-z0-9-]+$/),
      sites: z.array(z.string().regex(/^[a-z0-9-]+$/)).min(1),
      authorLabel: text,
    }),
    seo: z.object({
      titleTemplate: z.string().includes("%s"),
      ogImage: imageSchema,
      naverSiteVerification: z.string(),
      keywords: z.array(text),
    }),
    images: z.object({
      logo: imageSchema,
      bannerDefault: imageSchema,
      banners: z.record(z.string(), imageSchema),
    }),
    legal: z.object({
      disclaimers: z.array(text).min(1),
      adDisclaimer: text,
      smsNotice: text,
      constructorCredit: text,
    }),
    privacy: z.object({
      /** Bump when the consent text changes; stored with every lead. */
      consentVersion: text,
      items: text,
      purpose: text,
      retentionDays: z.number().int().positive(),
      refusal: text,
      smsConsentText: text,
      /** The free number for refusing SMS (수신거부), e.g. "080-000-0000". */
      optOutNumber: contactPhoneSchema,
      controller: text,
      /** Collected automatically with every form (abuse prevention): shown with the consent. */
      autoCollected: text,
      /** The privacy policy (/privacy) takes effect on this date (YYYY-MM-DD). */
      effectiveDate: z.string().regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/),
      /** How and when personal data is destroyed. */
      destruction: z.array(text).min(1),
      /** Provision to third parties (usually none). */
      thirdParty: text,
      /** Processing entrusted to others (처리위탁): SMS gateway, agency CRM. */
      processors: z.array(z.object({ name: text, task: text })).min(1),
      /** Rights of the data subject and how to use them. */
      rights: z.array(text).min(1),
      /** Security measures. */
      safeguards: z.array(text).min(1),
    }),
    /** Facts only the drawings need (map landmarks, site layout): see artwork-schema.ts. */
    artwork: artworkSchema.optional(),
    /** Remaining units (운영 정보 usually sets them): the board on the home and sales pages. */
    remainingUnits: remainingUnitsSchema.optional(),
    /** A notice for every public page within its period (운영 정보 usually sets it). */
    notice: noticeSchema.optional(),
    /** 알림톡 for the visit confirmation and the staff alert (with Solapi); plain SMS when absent. */
    kakao: kakaoSchema.optional(),
    /** The registered sender number; the SMS_SENDER setting when absent. */
    sms: smsSettingsSchema.optional(),
    /** Conversion tags of the ad platforms; none when absent. */
    tracking: trackingSchema.optional(),
  })
  .superRefine((content, ctx) => {
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
    const positions = content.infoPages.unitPositions;
    for (const line of [...positions.buildings.flatMap((b) => b.lines), ...positions.typeColors]) {
      if (!unitKeys.has(line.type)) {
        ctx.addIssue({
          code: "custom",
          message: `없는 주택형입니다: ${line.type}`,
          path: ["infoPages", "unitPositions"],
        });
      }
    }
    for (const key of content.home.unitPlan.viewerKeys) {
      if (!unitKeys.has(key)) {
        ctx.addIssue({
          code: "custom",
          message: `없는 주택형입니다: ${key}`,
          path: ["home", "unitPlan", "viewerKeys"],
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
          path: ["videoTabs", i, "title"],
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
 * What names a complex in a deployment serving many: its id (the folder `sites/<id>/`, and
 * `<id>.localhost` in local work), the host names it answers on, and whether it is the one
 * answered for any other host (`DEFAULT_SITE` overrides).
 */
export const siteMetaSchema = z.object({
  id: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, "영문 소문자, 숫자, -로 된 단지 id여야 합니다"),
  default: z.boolean().optional(),
  hosts: z.array(
    z
      .string()
      .regex(/^[a-z0-9.-]+(:[0-9]+)?$/, "호스트 이름 형식이 아닙니다 (예: www.example.com)"),
  ),
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
export type VideoTab = z.infer<typeof videoTabSchema>;
export type VrTab = z.infer<typeof vrTabSchema>;
export type ModelHouse = z.infer<typeof modelHouseSchema>;
export type RemainingUnits = z.infer<typeof remainingUnitsSchema>;
export type Notice = z.infer<typeof noticeSchema>;
export type Kakao = z.infer<typeof kakaoSchema>;
export type Tracking = z.infer<typeof trackingSchema>;
export type InfoPages = z.infer<typeof infoPagesSchema>;
export type UnitPositions = z.infer<typeof unitPositionsSchema>;
export type Milestone = z.infer<typeof milestoneSchema>;
export type Schedule = z.infer<typeof scheduleSchema>;
export type Home = z.infer<typeof homeSchema>;
export type Theme = z.infer<typeof themeSchema>;
export type { Artwork, LocationMap, SitePlan } from "./artwork-schema";

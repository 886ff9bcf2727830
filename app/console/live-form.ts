import { z } from "zod";
import { fieldMeta as m } from "~/content/field-meta";
import type { Milestone, Site } from "~/content/schema";
import { isoToKstInput, kstInputToIso } from "~/lib/korean-time";
import type { FieldSchema } from "./form-schema";

/*
 * 운영 정보 (/admin/operations) as a schema of its own: its six forms are drawn by the console's
 * generated renderer (app/components/console/schema-form.tsx) and read back by it
 * (./form-object.ts), then checked here. What a section's value becomes in the stored live values
 * (app/sites/live.server.ts, which checks it again by the content's rules) is `liveValues`.
 */

const WEEKDAYS = ["일", "월", "화", "수", "목", "금", "토"] as const;

const optional = (title: string, description: string, widget?: "date" | "time") =>
  z
    .string()
    .trim()
    .optional()
    .meta(m(title, description, widget ? { widget } : {}));
const whole = (message: string, min: number, max: number) =>
  z.number({ message }).int(message).min(min, message).max(max, message);
const DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const EMPTY_MEANS_DEFAULT = "비우면 콘텐츠 파일의 값이 쓰입니다.";

/** The schema of 운영 정보's forms for a complex (its unit types make the 잔여 세대 fields). */
export function liveFormSchema(units: readonly { key: string; label: string }[]) {
  const remaining = whole("0 이상의 정수로 입력해 주세요 (0은 마감)", 0, 9999);
  return z.object({
    contact: z.object({
      phone: optional("대표 전화번호", `예: 1600-1234. ${EMPTY_MEANS_DEFAULT}`),
      contactHours: optional("상담 시간", EMPTY_MEANS_DEFAULT),
    }),
    modelHouse: z.object({
      modelHouseAddress: optional("주소", EMPTY_MEANS_DEFAULT),
      modelHouseHours: optional("운영 시간", EMPTY_MEANS_DEFAULT),
    }),
    remaining: z.object(
      Object.fromEntries(
        units.map((u) => [u.key, remaining.optional().meta(m(`${u.label} 잔여 세대`, ""))]),
      ),
    ),
    notice: z.object({
      title: z.string().meta(m("제목", "공지 막대의 굵은 글씨입니다 (60자 이하).")),
      text: z.string().meta(m("내용", "공지 막대의 내용입니다 (300자 이하).")),
      link: optional("링크", "/Customer 같은 사이트 안 경로 또는 https:// 주소"),
      startsAt: z
        .string({ message: "시작 날짜와 시각을 입력해 주세요" })
        .refine((v) => kstInputToIso(v) !== null, "시작 날짜와 시각을 입력해 주세요")
        .meta(m("시작", "한국 시간입니다.", { widget: "datetime" })),
      endsAt: z
        .string({ message: "끝나는 날짜와 시각을 입력해 주세요" })
        .refine((v) => kstInputToIso(v) !== null, "끝나는 날짜와 시각을 입력해 주세요")
        .meta(m("끝", "한국 시간입니다.", { widget: "datetime" })),
    }),
    schedule: z.object({
      milestones: z
        .array(
          z
            .object({
              step: z.string().meta(m("단계", "일정의 이름입니다 (예: 청약 접수).")),
              date: optional("날짜", "비우면 '추후 공지'로 보입니다.", "date"),
              endDate: optional("끝나는 날", "기간인 일정의 마지막 날입니다.", "date"),
              startTime: optional("시작 시각", "한국 시간입니다.", "time"),
              endTime: optional("끝 시각", "한국 시간입니다.", "time"),
              place: z.string().meta(m("장소", "일정이 열리는 곳입니다 (예: 견본주택, 청약홈).")),
              detail: optional("세부", "단계 옆 괄호 안에 보이는 설명입니다 (예: 특별공급)."),
              key: optional(
                "일정 키",
                "달력 파일 이름에 쓰이는 고유 이름입니다 (영문 소문자, 숫자, -). 비우면 정해 드립니다.",
              ),
            })
            .meta(m("일정", "")),
        )
        .meta(m("일정 목록", "날짜순으로 씁니다. 날짜를 비우면 추후 공지로 보입니다.")),
    }),
    visits: z.object({
      perSlot: whole("1 이상의 정수로 입력해 주세요", 1, 999).meta(
        m("시간대별 예약 인원", "한 시간대에 받는 방문 예약 수입니다."),
      ),
      exceptions: z
        .array(
          z
            .object({
              weekday: z.enum(WEEKDAYS, { message: "요일을 골라 주세요" }).meta(m("요일", "")),
              time: z
                .string()
                .regex(TIME, "시각은 14:00처럼 씁니다")
                .meta(m("시각", "", { widget: "time" })),
              capacity: whole("0 이상의 정수로 입력해 주세요 (0은 받지 않음)", 0, 999).meta(
                m("인원", "0이면 그 시간대에는 받지 않습니다."),
              ),
            })
            .meta(m("예외", "")),
        )
        .meta(m("요일·시각별 예외", "예: 토요일 14:00은 10명, 0명이면 받지 않습니다.")),
      closedDates: z
        .array(
          z
            .string()
            .regex(DATE, "날짜는 2026-12-25처럼 씁니다")
            .meta(m("휴관일", "", { widget: "date" })),
        )
        .meta(m("휴관일", "견본주택이 쉬는 날입니다.")),
    }),
  });
}

type LiveForm = z.infer<ReturnType<typeof liveFormSchema>>;
export type LiveSection = keyof LiveForm;

/** The sections in the page's order, with their titles and the line a save answers with. */
export const LIVE_SECTIONS: { id: LiveSection; title: string; saved: string }[] = [
  {
    id: "contact",
    title: "연락처",
    saved: "연락처를 저장했습니다. 몇 초 안에 모든 페이지에 반영됩니다.",
  },
  {
    id: "modelHouse",
    title: "견본주택",
    saved: "견본주택 정보를 저장했습니다. 몇 초 안에 모든 페이지에 반영됩니다.",
  },
  {
    id: "remaining",
    title: "잔여 세대",
    saved: "잔여 세대를 저장했습니다. 몇 초 안에 모든 페이지에 반영됩니다.",
  },
  {
    id: "notice",
    title: "공지",
    saved: "공지를 저장했습니다. 기간 안이면 몇 초 안에 모든 페이지에 보입니다.",
  },
  {
    id: "schedule",
    title: "분양 일정",
    saved: "분양 일정을 저장했습니다. 몇 초 안에 모든 페이지에 반영됩니다.",
  },
  { id: "visits", title: "방문 예약", saved: "방문 예약 설정을 저장했습니다." },
];

export const isLiveSection = (id: string): id is LiveSection =>
  LIVE_SECTIONS.some((s) => s.id === id);

/** The form's schema as the renderer reads it (JSON Schema). */
export const liveJsonSchema = (site: Site) =>
  z.toJSONSchema(liveFormSchema(site.unitTypes), { io: "input" }) as FieldSchema;

/** What the forms show: the complex's values now (the content file's, or set in 운영 정보). */
export function liveFormValue(site: Site): Record<LiveSection, unknown> {
  const v = site.modelHouse.visits;
  return {
    contact: { phone: site.identity.phone, contactHours: site.contact.hours },
    modelHouse: {
      modelHouseAddress: site.identity.modelHouseAddress,
      modelHouseHours: site.modelHouse.hoursText,
    },
    remaining: { ...site.remainingUnits?.counts },
    notice: site.notice
      ? {
          ...site.notice,
          startsAt: isoToKstInput(site.notice.startsAt),
          endsAt: isoToKstInput(site.notice.endsAt),
        }
      : {},
    schedule: { milestones: site.infoPages.schedule.milestones },
    visits: {
      perSlot: v.capacityPerSlot,
      exceptions: (v.capacityExceptions ?? []).map((e) => ({ ...e, weekday: WEEKDAYS[e.weekday] })),
      closedDates: v.closedDates,
    },
  };
}

/** One stored live value a section's save sets, and where its problems go in the form. */
export type LiveSave = {
  field:
    | "phone"
    | "contactHours"
    | "modelHouseAddress"
    | "modelHouseHours"
    | "remainingUnits"
    | "notice"
    | "schedule"
    | "visitCapacity";
  value: unknown;
  /** The form field a problem at `path` inside the value belongs to ("" when none does). */
  fieldOf: (path: string) => string;
};

const under = (prefix: string) => (path: string) => (path ? `${prefix}.${path}` : "");

/**
 * A section's checked value as the live values it sets. A text left empty goes back to the
 * content's value; a milestone without a key gets one.
 */
export function liveValues(section: LiveSection, form: LiveForm, now = new Date()): LiveSave[] {
  const at = (field: LiveSave["field"], value: unknown, name: string): LiveSave => ({
    field,
    value,
    fieldOf: () => name,
  });
  switch (section) {
    case "contact":
      return [
        at("phone", form.contact.phone || undefined, "contact.phone"),
        at("contactHours", form.contact.contactHours || undefined, "contact.contactHours"),
      ];
    case "modelHouse": {
      const { modelHouseAddress, modelHouseHours } = form.modelHouse;
      return [
        at("modelHouseAddress", modelHouseAddress || undefined, "modelHouse.modelHouseAddress"),
        at("modelHouseHours", modelHouseHours || undefined, "modelHouse.modelHouseHours"),
      ];
    }
    case "remaining": {
      const counts = Object.fromEntries(
        Object.entries(form.remaining).filter(([, n]) => n !== undefined),
      );
      // Every count left empty: the board comes down.
      const value = Object.keys(counts).length
        ? { updatedAt: now.toISOString(), counts }
        : undefined;
      return [
        {
          field: "remainingUnits",
          value,
          fieldOf: (p) => (p.startsWith("counts.") ? `remaining.${p.slice(7)}` : ""),
        },
      ];
    }
    case "notice": {
      const { link, startsAt, endsAt, ...rest } = form.notice;
      const value = {
        ...rest,
        ...(link ? { link } : {}),
        startsAt: kstInputToIso(startsAt),
        endsAt: kstInputToIso(endsAt),
      };
      return [{ field: "notice", value, fieldOf: under("notice") }];
    }
    case "schedule": {
      const stamp = now.getTime().toString(36);
      const milestones = form.schedule.milestones.map((m, i) => {
        const kept = Object.entries(m).filter(([, v]) => v !== undefined && v !== "");
        return { ...Object.fromEntries(kept), key: m.key || `m${stamp}${i}` } as Milestone;
      });
      return [{ field: "schedule", value: milestones, fieldOf: under("schedule.milestones") }];
    }
    case "visits": {
      const { perSlot, exceptions, closedDates } = form.visits;
      const value = {
        perSlot,
        exceptions: exceptions.map((e) => ({ ...e, weekday: WEEKDAYS.indexOf(e.weekday) })),
        closedDates: [...new Set(closedDates)].sort(),
      };
      return [{ field: "visitCapacity", value, fieldOf: under("visits") }];
    }
  }
}

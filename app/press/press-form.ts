/*
 * The press write form's rules, one function for the browser (instant feedback) and the action
 * (which decides). Plain code rather than zod: the press list is a public page, and these few checks
 * do not justify putting a validation library in its bundle.
 */
import { formatKoreanDateTime, kstInputToIso, kstDate } from "~/lib/korean-time";

export const TITLE_MAX = 200;
export const SUMMARY_MAX = 1000;
export const BODY_MAX = 30_000;
export const SOURCE_MAX = 100;
const URL_MAX = 1000;
/** The photo as uploaded; the request may be a little larger (the other fields, multipart framing). */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const PRESS_PAGE_SIZE = 10;

const PUBLISH_MODES = ["now", "schedule", "draft"] as const;
export type PublishMode = (typeof PUBLISH_MODES)[number];

export const PRESS_MESSAGES = {
  required: "제목과 요약은 필수입니다.",
  titleTooLong: `제목은 ${TITLE_MAX}자 이내로 입력해 주세요.`,
  summaryTooLong: `요약은 ${SUMMARY_MAX.toLocaleString("ko-KR")}자 이내로 입력해 주세요.`,
  bodyTooLong: `본문은 ${BODY_MAX.toLocaleString("ko-KR")}자 이내로 입력해 주세요.`,
  sourceTooLong: `언론사 이름은 ${SOURCE_MAX}자 이내로 입력해 주세요.`,
  urlInvalid: "원문 링크는 http:// 또는 https://로 시작하는 주소로 입력해 주세요.",
  pressDateInvalid: "보도일을 날짜로 입력해 주세요. (예: 2026-03-01)",
  scheduleMissing: "예약 게시 일시를 입력해 주세요.",
  schedulePast: "예약 게시 일시는 지금보다 뒤여야 합니다.",
  controlChars: "입력할 수 없는 문자가 포함되어 있습니다.",
  photoTooLarge: "사진은 10MB 이하의 파일만 올릴 수 있습니다.",
  photoType: "사진은 JPEG, PNG, WebP 형식만 올릴 수 있습니다.",
  photoBroken:
    "사진 파일을 읽을 수 없습니다. 손상되지 않은 JPEG, PNG, WebP 사진인지 확인해 주세요.",
  photoAgain: "사진은 다시 선택해 주세요. (보안상 다시 채워 둘 수 없습니다)",
  requestTooLarge: "요청이 너무 큽니다. 사진은 10MB 이하의 파일만 올릴 수 있습니다.",
  notFound: "보도자료를 찾을 수 없습니다. 이미 삭제되었을 수 있습니다.",
  created: "보도자료를 등록했습니다.",
  saved: "보도자료를 저장했습니다.",
  deleted: "보도자료를 삭제했습니다.",
} as const;

/** What became of a post just written: a draft or a scheduled post is not on the public list yet. */
export function postedMessage(posted: {
  state: "draft" | "scheduled" | "published";
  publishedAt: string | null;
}): string {
  if (posted.state === "draft") return "임시저장했습니다. 방문자에게는 보이지 않습니다.";
  if (posted.state === "scheduled")
    return `예약했습니다. ${formatKoreanDateTime(posted.publishedAt!)}에 목록에 나타납니다.`;
  return PRESS_MESSAGES.created;
}

export type PressFieldErrors = Partial<Record<keyof PressFormValues | "photo", string>>;

export type PressInput = {
  title: string;
  summary: string;
  body: string;
  sourceName: string;
  sourceUrl: string;
  /** YYYY-MM-DD (보도일). */
  pressDate: string;
  publish: PublishMode;
  /** ISO-8601 UTC when publish is "schedule". */
  publishAt: string | null;
};

/** What the write form sends, as text (the photo is checked separately). */
export type PressFormValues = { [K in keyof PressInput]: string };

export const EMPTY_PRESS_FORM: PressFormValues = {
  title: "",
  summary: "",
  body: "",
  sourceName: "",
  sourceUrl: "",
  pressDate: "",
  publish: "now",
  publishAt: "",
};

// Control characters other than tab and line breaks, and invisible direction marks.
const CONTROL =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/;
const ONE_LINE = /[\r\n]/;

function validDate(s: string): boolean {
  const m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === s && Number(m[1]) >= 1900 && Number(m[1]) <= 2200;
}

function validUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === "http:" || u.protocol === "https:") && !!u.hostname;
  } catch {
    return false;
  }
}

/**
 * Checks the form; each bad field gets its first Korean message. A missing title or summary gives
 * both fields the catalogue's one message. `pressDate` empty means today (Korea), filled in here.
 */
export function checkPressForm(
  raw: Partial<Record<keyof PressFormValues, unknown>>,
  now: Date = new Date(),
): { ok: true; data: PressInput } | { ok: false; errors: PressFieldErrors } {
  const str = (v: unknown) => (typeof v === "string" ? v : "");
  const oneLine = (v: unknown) => str(v).trim();
  const title = oneLine(raw.title);
  const summary = str(raw.summary).replace(/\r\n?/g, "\n").trim();
  const body = str(raw.body).replace(/\r\n?/g, "\n").replace(/\s+$/, "").replace(/^\n+/, "");
  const sourceName = oneLine(raw.sourceName);
  const sourceUrl = oneLine(raw.sourceUrl);
  const pressDate = oneLine(raw.pressDate) || kstDate(now);
  const publish = (PUBLISH_MODES as readonly string[]).includes(str(raw.publish))
    ? (str(raw.publish) as PublishMode)
    : "now";
  const publishAtInput = oneLine(raw.publishAt);

  const errors: PressFieldErrors = {};
  if (!title) errors.title = PRESS_MESSAGES.required;
  else if (title.length > TITLE_MAX) errors.title = PRESS_MESSAGES.titleTooLong;
  else if (CONTROL.test(title) || ONE_LINE.test(title)) errors.title = PRESS_MESSAGES.controlChars;
  if (!summary) errors.summary = PRESS_MESSAGES.required;
  else if (summary.length > SUMMARY_MAX) errors.summary = PRESS_MESSAGES.summaryTooLong;
  else if (CONTROL.test(summary)) errors.summary = PRESS_MESSAGES.controlChars;
  if (body.length > BODY_MAX) errors.body = PRESS_MESSAGES.bodyTooLong;
  else if (CONTROL.test(body)) errors.body = PRESS_MESSAGES.controlChars;
  if (sourceName.length > SOURCE_MAX) errors.sourceName = PRESS_MESSAGES.sourceTooLong;
  else if (CONTROL.test(sourceName)) errors.sourceName = PRESS_MESSAGES.controlChars;
  if (sourceUrl && (sourceUrl.length > URL_MAX || !validUrl(sourceUrl)))
    errors.sourceUrl = PRESS_MESSAGES.urlInvalid;
  if (!validDate(pressDate)) errors.pressDate = PRESS_MESSAGES.pressDateInvalid;

  let publishAt: string | null = null;
  if (publish === "schedule") {
    publishAt = publishAtInput ? kstInputToIso(publishAtInput) : null;
    if (!publishAtInput) errors.publishAt = PRESS_MESSAGES.scheduleMissing;
    else if (!publishAt) errors.publishAt = PRESS_MESSAGES.scheduleMissing;
    else if (new Date(publishAt).getTime() <= now.getTime())
      errors.publishAt = PRESS_MESSAGES.schedulePast;
  }

  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    data: { title, summary, body, sourceName, sourceUrl, pressDate, publish, publishAt },
  };
}

/** Checks a chosen photo in the browser before it is sent (the server checks the content again). */
export function checkPhotoFile(file: { size: number; type: string } | null | undefined) {
  if (!file || file.size === 0) return null;
  if (file.size > PHOTO_MAX_BYTES) return PRESS_MESSAGES.photoTooLarge;
  if (file.type && !(PHOTO_TYPES as readonly string[]).includes(file.type))
    return PRESS_MESSAGES.photoType;
  return null;
}

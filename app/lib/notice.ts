import type { Notice } from "~/content/schema";

/*
 * The administrator's notice bar (운영 정보): how a visit remembers that it dismissed a notice, shared
 * by the bar's markup (components/live/notice-bar.tsx) and its behaviour (enhance/chrome/notice.ts).
 */

/** The sessionStorage key a dismissal is remembered under for the visit. */
export const NOTICE_STORAGE = "notice-dismissed";

/** The value a dismissal stores: one per notice, so a new notice shows again. */
export function noticeKey(notice: Notice): string {
  let h = 0;
  for (const ch of `${notice.title}\n${notice.text}\n${notice.startsAt}`) {
    h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  }
  return `n${(h >>> 0).toString(36)}`;
}

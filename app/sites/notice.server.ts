import type { Notice } from "~/content/schema";

/** Whether a notice is within its period at `now` (its start included, its end not). */
export function noticeShown(notice: Notice | undefined, now = Date.now()): boolean {
  return !!notice && Date.parse(notice.startsAt) <= now && now < Date.parse(notice.endsAt);
}

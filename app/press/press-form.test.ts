import { describe, expect, it } from "vitest";
import {
  formatKoreanDate,
  formatKoreanDateTime,
  isoToKstInput,
  kstInputToIso,
  kstDate,
} from "~/lib/korean-time";
import { checkPhotoFile, checkPressForm, PHOTO_MAX_BYTES, PRESS_MESSAGES } from "./press-form";

const NOW = new Date("2026-03-01T15:30:00.000Z"); // 2026-03-02 00:30 in Korea

describe("press write form rules", () => {
  it("gives title and summary the catalogue's one message when either is missing", () => {
    expect(checkPressForm({ title: "  ", summary: "요약" }, NOW)).toEqual({
      ok: false,
      errors: { title: PRESS_MESSAGES.required },
    });
    expect(checkPressForm({ title: "제목", summary: "" }, NOW)).toEqual({
      ok: false,
      errors: { summary: PRESS_MESSAGES.required },
    });
    expect(PRESS_MESSAGES.required).toBe("제목과 요약은 필수입니다.");
  });

  it("accepts a post with only title and summary, dated today in Korea, published now", () => {
    expect(checkPressForm({ title: " 제목 ", summary: "요약\r\n둘째 줄" }, NOW)).toEqual({
      ok: true,
      data: {
        title: "제목",
        summary: "요약\n둘째 줄",
        body: "",
        sourceName: "",
        sourceUrl: "",
        pressDate: "2026-03-02",
        publish: "now",
        publishAt: null,
      },
    });
  });

  it("keeps the body's lines and leading spaces, and HTML as typed", () => {
    const r = checkPressForm(
      { title: "t", summary: "s", body: "\n\n  첫 줄\r\n<script>alert(1)</script>\n\n" },
      NOW,
    );
    expect(r.ok && r.data.body).toBe("  첫 줄\n<script>alert(1)</script>");
  });

  it("refuses a bad link, date, control characters and a schedule in the past", () => {
    const r = checkPressForm(
      {
        title: "a\u202Eb",
        summary: "s",
        sourceUrl: "javascript:alert(1)",
        pressDate: "2026-02-30",
        publish: "schedule",
        publishAt: "2026-03-02T00:29",
      },
      NOW,
    );
    expect(r).toEqual({
      ok: false,
      errors: {
        title: PRESS_MESSAGES.controlChars,
        sourceUrl: PRESS_MESSAGES.urlInvalid,
        pressDate: PRESS_MESSAGES.pressDateInvalid,
        publishAt: PRESS_MESSAGES.schedulePast,
      },
    });
  });

  it("reads a scheduled time as Korean time", () => {
    const r = checkPressForm(
      { title: "t", summary: "s", publish: "schedule", publishAt: "2026-03-02T09:00" },
      NOW,
    );
    expect(r.ok && r.data.publishAt).toBe("2026-03-02T00:00:00.000Z");
    expect(checkPressForm({ title: "t", summary: "s", publish: "schedule" }, NOW)).toEqual({
      ok: false,
      errors: { publishAt: PRESS_MESSAGES.scheduleMissing },
    });
  });

  it("checks a chosen photo's size and type before it is sent", () => {
    expect(checkPhotoFile(null)).toBeNull();
    expect(checkPhotoFile({ size: 1000, type: "image/png" })).toBeNull();
    expect(checkPhotoFile({ size: PHOTO_MAX_BYTES + 1, type: "image/jpeg" })).toBe(
      PRESS_MESSAGES.photoTooLarge,
    );
    expect(checkPhotoFile({ size: 10, type: "image/gif" })).toBe(PRESS_MESSAGES.photoType);
  });
});

describe("Korean dates", () => {
  it("writes dates and times the way the Korean locale does, in Korean time", () => {
    expect(formatKoreanDate("2026-03-01T15:30:00.000Z")).toBe("2026. 3. 2.");
    expect(formatKoreanDateTime("2026-03-01T15:30:00.000Z")).toBe("2026. 3. 2. 오전 12:30");
    expect(formatKoreanDateTime("2026-03-02T05:05:00.000Z")).toBe("2026. 3. 2. 오후 2:05");
    expect(formatKoreanDateTime("nonsense")).toBe("");
    expect(kstDate(NOW)).toBe("2026-03-02");
  });

  it("turns datetime-local values into UTC and back", () => {
    expect(kstInputToIso("2026-03-02T14:05")).toBe("2026-03-02T05:05:00.000Z");
    expect(isoToKstInput("2026-03-02T05:05:00.000Z")).toBe("2026-03-02T14:05");
    expect(kstInputToIso("2026-02-30T10:00")).toBeNull();
    expect(kstInputToIso("2026-03-02T24:00")).toBeNull();
    expect(kstInputToIso("tomorrow")).toBeNull();
  });
});

import { describe, expect, test } from "vitest";
import { keepTogetherParts } from "./keep-together";

const kept = (text: string) =>
  keepTogetherParts(text)
    .filter((p) => p.keep)
    .map((p) => p.text);

describe("keepTogetherParts", () => {
  test("keeps phone numbers whole, with a short note in parentheses after them", () => {
    expect(kept("언제든 080-000-0000(무료)로 수신을 거부할 수 있습니다")).toEqual([
      "080-000-0000(무료)",
    ]);
    expect(kept("분양문의 1600-0000")).toEqual(["1600-0000"]);
  });

  test("keeps a number with its unit and a short parenthesised phrase on one line", () => {
    expect(kept("전용 84.97㎡ (약 25.7평) · 310세대")).toEqual([
      "84.97㎡",
      "(약 25.7평)",
      "310세대",
    ]);
    expect(kept("페이지를 찾을 수 없습니다 (Not Found)")).toEqual(["(Not Found)"]);
    expect(kept("전화 상담 (24시간 상담 가능)")).toEqual(["(24시간 상담 가능)"]);
  });

  test("returns the whole text, in order, so nothing is lost", () => {
    const text = "지하 5층 ~ 지상 48층, 900세대 (문의 1600-0000)";
    expect(
      keepTogetherParts(text)
        .map((p) => p.text)
        .join(""),
    ).toBe(text);
    expect(keepTogetherParts("그냥 문장")).toEqual([{ text: "그냥 문장", keep: false }]);
  });
});

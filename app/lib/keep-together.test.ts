import { describe, expect, test } from "vitest";
import { keepTogetherHtml, keepTogetherParts, unbreakablePattern } from "./keep-together";

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

describe("keepTogetherHtml", () => {
  const doc = (body: string) => `<html><head><title>84㎡</title></head><body>${body}</body></html>`;

  test("wraps areas, phone numbers and unit labels in the body's text, table cells included", () => {
    const html = keepTogetherHtml(
      doc("<table><tr><td>전용면적 47㎡, 99㎡ 혼합</td></tr></table><p>문의 1600-0000</p>"),
    );
    expect(html).toContain(
      '<td>전용면적 <span class="nowrap">47㎡</span>, <span class="nowrap">99㎡</span> 혼합</td>',
    );
    expect(html).toContain('<p>문의 <span class="nowrap">1600-0000</span></p>');
    // The head is not the page's text.
    expect(html).toContain("<title>84㎡</title>");
  });

  test("leaves scripts, styles, form controls and attributes alone", () => {
    const body =
      '<script type="application/ld+json">{"telephone":"1600-0000"}</script>' +
      '<textarea name="m">84㎡</textarea><select><option value="1">10층</option></select>' +
      '<img alt="84㎡ 평면" src="/a.png"/><svg><text>84㎡</text></svg>';
    expect(keepTogetherHtml(doc(body))).toBe(doc(body));
  });

  test("does not wrap twice what a component already kept together", () => {
    const body = '<a href="tel:16000000"><span class="nowrap">1600-0000</span></a>';
    expect(keepTogetherHtml(doc(body))).toBe(doc(body));
  });

  test("keeps the complex's own terms that could break, such as a unit label with a space", () => {
    const pattern = unbreakablePattern(["84 A", "59A"]);
    expect(keepTogetherHtml(doc("<p>주택형 84 A 타입</p>"), pattern)).toContain(
      '<p>주택형 <span class="nowrap">84 A</span> 타입</p>',
    );
  });

  test("keeps every character of the document", () => {
    const body = "<p>지하 5층 ~ 지상 48층<!-- -->, 900세대 (문의 1600-0000)</p>";
    const html = keepTogetherHtml(doc(body));
    expect(html.replace(/<span class="nowrap">|<\/span>/g, "")).toBe(doc(body));
  });
});

import { describe, expect, it } from "vitest";
import { cleanAttribution, landingAttribution, originLine } from "./attribution";

describe("attribution", () => {
  it("takes utm_* and the referring host from a landing", () => {
    expect(
      landingAttribution(
        "?utm_source=naver&utm_medium=cpc&utm_campaign=open_day&utm_term=%ED%8F%89%EC%B4%8C&x=1",
        "https://m.search.naver.com/search.naver?query=%ED%8F%89%EC%B4%8C",
        "bunyang.example",
      ),
    ).toEqual({
      utm_source: "naver",
      utm_medium: "cpc",
      utm_campaign: "open_day",
      utm_term: "평촌",
      referrer: "m.search.naver.com",
    });
  });

  it("drops oversized, non-text and unknown values and the site's own host, never failing", () => {
    expect(
      cleanAttribution(
        {
          utm_source: "x".repeat(101),
          utm_medium: "a\nb",
          utm_campaign: "<b>",
          utm_term: ["array"],
          utm_content: "  spring   sale ",
          utm_other: "kept? no",
          referrer: "https://bunyang.example/Brand/intro",
        },
        "bunyang.example",
      ),
    ).toEqual({ utm_medium: "a b", utm_content: "spring sale" });
    expect(cleanAttribution({ referrer: "javascript:alert(1)" })).toEqual({});
    expect(cleanAttribution({ referrer: "Blog.Naver.com" })).toEqual({
      referrer: "blog.naver.com",
    });
  });

  it("reads as one line for people", () => {
    expect(originLine({ utmSource: "naver", utmCampaign: "open_day" }, "/Brand/intro")).toBe(
      "naver · open_day (/Brand/intro)",
    );
    expect(originLine({ referrerHost: "blog.naver.com" }, "/")).toBe("blog.naver.com (/)");
    expect(originLine({}, "/register")).toBe("/register");
  });
});

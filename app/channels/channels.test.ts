import { describe, expect, it } from "vitest";
import { channelSource, channelSourceLabel, leadsPer100, parseChannelRange } from "./channels";

describe("a source as the channel report keys it", () => {
  it("is the utm_source cleaned as a lead's, lower-case, at most 50 characters", () => {
    expect(channelSource(" Naver ")).toBe("naver");
    expect(channelSource("네이버_검색")).toBe("네이버_검색");
    expect(channelSource("a".repeat(80))).toBe("a".repeat(50));
    // Not a utm_source: none.
    expect(channelSource("")).toBe("");
    expect(channelSource("<script>")).toBe("");
    expect(channelSource("a".repeat(101))).toBe("");
    expect(channelSource(42)).toBe("");
  });

  it("reads in Korean where it is not a source's own name", () => {
    expect(channelSourceLabel("naver")).toBe("naver");
    expect(channelSourceLabel("")).toBe("utm_source 없음");
    expect(channelSourceLabel("*")).toBe("기타 (하루 경로 수 초과)");
  });
});

describe("leads per 100 landings", () => {
  it("has one decimal, and a dash without landings", () => {
    expect(leadsPer100(1, 8)).toBe("12.5");
    expect(leadsPer100(0, 3)).toBe("0.0");
    expect(leadsPer100(2, 3)).toBe("66.7");
    expect(leadsPer100(4, 0)).toBe("–");
  });
});

describe("the report's period", () => {
  // 00:30 on 1 March 2026 in Korea (still 28 February in UTC).
  const now = new Date("2026-02-28T15:30:00.000Z");
  const range = (query: string) => parseChannelRange(new URLSearchParams(query), now);

  it("is the last 30 Korean days by default, today included", () => {
    expect(range("")).toEqual({ from: "2026-01-31", to: "2026-03-01" });
  });

  it("takes the address's days, swapping reversed ones, and keeps at most a year", () => {
    expect(range("from=2026-01-01&to=2026-01-31")).toEqual({
      from: "2026-01-01",
      to: "2026-01-31",
    });
    expect(range("from=2026-01-31&to=2026-01-01")).toEqual({
      from: "2026-01-01",
      to: "2026-01-31",
    });
    expect(range("from=2026-02-20")).toEqual({ from: "2026-02-20", to: "2026-03-01" });
    expect(range("to=2026-01-30")).toEqual({ from: "2026-01-01", to: "2026-01-30" });
    expect(range("from=2020-01-01&to=2026-03-01")).toEqual({
      from: "2025-03-01",
      to: "2026-03-01",
    });
  });

  it("drops a date that is not one", () => {
    expect(range("from=2026-02-30&to=yesterday")).toEqual({ from: "2026-01-31", to: "2026-03-01" });
  });
});

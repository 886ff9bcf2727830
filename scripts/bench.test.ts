import { describe, expect, test } from "vitest";
import { medianRow, misses } from "./bench.mjs";

const run = (performance: number, lcpMs: number, tbtMs: number, jsGzipBytes = 5_000) => ({
  route: "/Brand/intro",
  formFactor: "mobile",
  performance,
  fcpMs: 900,
  lcpMs,
  speedIndexMs: 900,
  cls: 0,
  tbtMs,
  jsGzipBytes,
});

describe("a page measured several times", () => {
  test("is judged on the median of each figure, and one noisy run does not fail it", () => {
    const row = medianRow([run(100, 1700, 0), run(97, 1950, 120), run(100, 1650, 30)]);
    expect(row).toMatchObject({ performance: 100, lcpMs: 1700, tbtMs: 30, runs: 3 });
    expect(row.range.tbtMs).toEqual([0, 120]);
    expect(misses(row)).toEqual([]);
  });

  test("misses its budget when most runs do", () => {
    const row = medianRow([run(99, 2100, 60), run(99, 2050, 10), run(100, 1900, 70)]);
    expect(misses(row)).toEqual(["LCP 2050 > 2000", "TBT 60 > 50"]);
  });

  test("a run that failed is reported, not averaged away", () => {
    const failed = { ...run(0, 0, 0), runtimeError: "NO_FCP" };
    expect(misses(medianRow([run(100, 1700, 0), failed, run(100, 1700, 0)]))).toEqual([
      "error: NO_FCP",
    ]);
  });
});

import { describe, expect, test } from "vitest";
import { percentile, windowFigures } from "./bench-live.mjs";

describe("visitors' figures during a change", () => {
  test("count only the answers that came inside the window, per second, with their p99 latency", () => {
    // One answer every 10 ms for 3 s; those from 1 s to 2 s took 40 ms, the others 5 ms.
    const at = Array.from({ length: 300 }, (_, i) => i * 10);
    const ms = at.map((t) => (t >= 1000 && t <= 2000 ? 40 : 5));
    expect(windowFigures({ at, ms }, 1000, 2000)).toEqual({ rps: 101, p99: 40, answers: 101 });
    expect(windowFigures({ at, ms }, 0, 500)).toEqual({ rps: 102, p99: 5, answers: 51 });
  });

  test("a window without answers has none, not an error", () => {
    expect(windowFigures({ at: [], ms: [] }, 0, 1000)).toEqual({ rps: 0, p99: 0, answers: 0 });
  });

  test("the percentile is the nearest rank", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile([7], 99)).toBe(7);
  });
});

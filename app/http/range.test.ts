import { describe, expect, test } from "vitest";
import { requestedRange } from "./range";

describe("the part a Range header asks for", () => {
  test("one range, open-ended or from the end; the end clamped to the file", () => {
    expect(requestedRange(null, 1000)).toBe("whole");
    expect(requestedRange("bytes=0-99", 1000)).toEqual({ start: 0, end: 99 });
    expect(requestedRange("bytes=900-", 1000)).toEqual({ start: 900, end: 999 });
    expect(requestedRange("bytes=-100", 1000)).toEqual({ start: 900, end: 999 });
    expect(requestedRange("bytes=500-5000", 1000)).toEqual({ start: 500, end: 999 });
  });

  test("past the end or malformed: unsatisfiable (416); several ranges: the whole file", () => {
    expect(requestedRange("bytes=1000-", 1000)).toBe("unsatisfiable");
    expect(requestedRange("bytes=20-10", 1000)).toBe("unsatisfiable");
    expect(requestedRange("bytes=-0", 1000)).toBe("unsatisfiable");
    expect(requestedRange("items=0-1", 1000)).toBe("unsatisfiable");
    expect(requestedRange("bytes=0-1,5-6", 1000)).toBe("whole");
  });
});

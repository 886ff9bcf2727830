import { describe, expect, test } from "vitest";
import { tabTarget } from "./media";

describe("tab keys (WAI-ARIA tabs, wrapping)", () => {
  test.each([
    ["ArrowRight", 0, 1],
    ["ArrowDown", 1, 2],
    ["ArrowRight", 2, 0],
    ["ArrowLeft", 0, 2],
    ["ArrowUp", 2, 1],
    ["Home", 2, 0],
    ["End", 0, 2],
  ])("%s from tab %i of three goes to tab %i", (key, from, to) => {
    expect(tabTarget(key, from, 3)).toBe(to);
  });

  test("other keys are left to the browser", () => {
    expect(tabTarget("Enter", 1, 3)).toBeNull();
    expect(tabTarget("a", 1, 3)).toBeNull();
  });
});

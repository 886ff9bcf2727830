import { expect, it } from "vitest";
import { createBeaconLimiter } from "./beacon-limit.server";

it("allows each address its beacons per window, and forgets every address when the window ends", () => {
  const allowed = createBeaconLimiter({ max: 3, windowMs: 60_000 });
  const t = 1_000_000;
  expect([1, 2, 3, 4].map(() => allowed("203.0.113.1", t))).toEqual([true, true, true, false]);
  // Another address has its own count.
  expect(allowed("203.0.113.2", t + 1)).toBe(true);
  expect(allowed("203.0.113.1", t + 59_999)).toBe(false);
  expect(allowed("203.0.113.1", t + 60_000)).toBe(true);
});

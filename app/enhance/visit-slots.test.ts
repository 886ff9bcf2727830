import { describe, expect, it } from "vitest";
import { isAvailability, slotNote } from "./visit-slots";

describe("the live slot picker's reading of /api/visit-slots", () => {
  it("accepts the availability's shape and nothing else", () => {
    const day = { date: "2026-11-24", slots: [{ time: "10:00", left: 3, state: "open" }] };
    expect(isAvailability({ days: [day] })).toBe(true);
    expect(isAvailability({ days: [] })).toBe(true);
    expect(isAvailability(null)).toBe(false);
    expect(isAvailability({ days: "x" })).toBe(false);
    expect(isAvailability({ days: [{ date: "2026-11-24" }] })).toBe(false);
    expect(isAvailability({ days: [{ date: "2026-11-24", slots: [{}] }] })).toBe(false);
  });

  it("says under each time what is left", () => {
    expect(slotNote({ time: "10:00", left: 2, state: "open" })).toBe("잔여 2");
    expect(slotNote({ time: "10:00", left: 0, state: "full" })).toBe("마감");
    expect(slotNote({ time: "10:00", left: 5, state: "past" })).toBe("지남");
  });
});

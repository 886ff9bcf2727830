import { describe, expect, it } from "vitest";
import { engines, useTestDb } from "~/db/test-support";
import { hit } from "./rate-limit.server";

const at = (iso: string) => new Date(iso);

describe.each(engines())("rate limit ($name)", (engine) => {
  const t = useTestDb(engine);
  const limit = { limit: 2, windowSeconds: 600 };

  it("counts a burst that crosses a clock boundary in one window, and says when it ends", async () => {
    // 10:09:58, 10:09:59, 10:10:01: a window aligned to the clock would have reset at 10:10.
    expect(
      await hit(t.db(), "anyang", "k", { ...limit, now: at("2026-03-01T01:09:58.000Z") }),
    ).toMatchObject({ allowed: true, count: 1 });
    expect(
      await hit(t.db(), "anyang", "k", { ...limit, now: at("2026-03-01T01:09:59.000Z") }),
    ).toMatchObject({ allowed: true, count: 2 });
    expect(
      await hit(t.db(), "anyang", "k", { ...limit, now: at("2026-03-01T01:10:01.000Z") }),
    ).toEqual({ allowed: false, count: 3, retryAfterSeconds: 597 });
  });

  it("starts the next window at the first hit after the last one ended", async () => {
    for (const now of ["01:00:00", "01:05:00", "01:09:59.999"])
      await hit(t.db(), "anyang", "k", { ...limit, now: at(`2026-03-01T${now}Z`) });
    // The first window (01:00–01:10) has ended: a new one starts at 01:10:00 with a count of 1.
    expect(
      await hit(t.db(), "anyang", "k", { ...limit, now: at("2026-03-01T01:10:00.000Z") }),
    ).toMatchObject({ allowed: true, count: 1 });
    expect(
      await hit(t.db(), "anyang", "k", { ...limit, now: at("2026-03-01T01:19:00.000Z") }),
    ).toMatchObject({ allowed: true, count: 2 });
    expect(
      await hit(t.db(), "anyang", "k", { ...limit, now: at("2026-03-01T01:19:30.000Z") }),
    ).toEqual({ allowed: false, count: 3, retryAfterSeconds: 30 });
  });

  it("counts each complex and key apart", async () => {
    const now = at("2026-03-01T01:00:00.000Z");
    const one = { limit: 1, windowSeconds: 600, now };
    expect((await hit(t.db(), "anyang", "a", one)).allowed).toBe(true);
    expect((await hit(t.db(), "anyang", "a", one)).allowed).toBe(false);
    expect((await hit(t.db(), "anyang", "b", one)).allowed).toBe(true);
    expect((await hit(t.db(), "suwon", "a", one)).allowed).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { requireSite } from "~/sites/registry.server";
import { engines, setTestEnv } from "~/db/test-support";
import { createLead, listLeads } from "./leads.server";
import { inquiry, meta, T0, useLeadsDb, visit } from "./test-support";

/*
 * What lead intake turns away: a filled honeypot or a form sent faster than a person types
 * (acknowledged, not stored), and too many leads from one address or one phone.
 */

describe.each(engines())("lead intake ($name)", (engine) => {
  const { outbox } = useLeadsDb(engine);

  it("acknowledges but does not store a form whose honeypot is filled", async () => {
    expect(
      await createLead(
        requireSite("anyang"),
        visit,
        { ...meta, honeypot: "http://spam.example" },
        T0,
      ),
    ).toEqual({
      status: "ignored",
    });
    expect(await listLeads("anyang")).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });

  it("acknowledges but does not store a form sent faster than a person can fill it in", async () => {
    const shownAt = T0.getTime() - 400;
    expect(
      await createLead(requireSite("anyang"), visit, { ...meta, startedAt: shownAt }, T0),
    ).toEqual({
      status: "ignored",
    });
    expect(await listLeads("anyang")).toHaveLength(0);
    // Filled in at a human pace, or without JavaScript (no start time): stored.
    expect(
      (
        await createLead(
          requireSite("anyang"),
          visit,
          { ...meta, startedAt: T0.getTime() - 8000 },
          T0,
        )
      ).status,
    ).toBe("created");
    expect((await createLead(requireSite("anyang"), inquiry, { ...meta }, T0)).status).toBe(
      "created",
    );
  });

  it("limits registrations per IP and says when to try again", async () => {
    setTestEnv({
      LEADS_RATE_LIMIT: "3",
      LEADS_RATE_WINDOW_SECONDS: "600",
      LEADS_DUPLICATE_WINDOW_SECONDS: "0",
    });
    const start = new Date("2026-03-01T01:00:00.000Z"); // a window boundary (10-minute windows)
    for (let i = 0; i < 3; i++) {
      const r = await createLead(
        requireSite("anyang"),
        { ...inquiry, phone: `010-0000-000${i}` },
        meta,
        new Date(start.getTime() + i * 1000),
      );
      expect(r.status).toBe("created");
    }
    const blocked = await createLead(
      requireSite("anyang"),
      { ...inquiry, phone: "010-0000-0009" },
      meta,
      new Date(start.getTime() + 60_000),
    );
    expect(blocked).toEqual({ status: "rate_limited", retryAfterSeconds: 540 });
    // Other visitors are not affected, and the next window starts afresh.
    expect(
      (
        await createLead(
          requireSite("anyang"),
          { ...inquiry, phone: "010-1111-0000" },
          { ...meta, ip: "198.51.100.1" },
          start,
        )
      ).status,
    ).toBe("created");
    expect(
      (
        await createLead(
          requireSite("anyang"),
          { ...inquiry, phone: "010-0000-0009" },
          meta,
          new Date(start.getTime() + 600_000),
        )
      ).status,
    ).toBe("created");
    expect(await listLeads("anyang")).toHaveLength(5);
  });

  it("limits per phone (5 per 10 minutes) and per address (60): a busy model house's Wi-Fi is not turned away", async () => {
    setTestEnv({ LEADS_DUPLICATE_WINDOW_SECONDS: "0" });
    const start = new Date("2026-03-01T01:00:00.000Z");
    // Twenty visitors behind one address.
    for (let i = 0; i < 20; i++) {
      const r = await createLead(
        requireSite("anyang"),
        { ...inquiry, phone: `010-4000-${String(1000 + i)}` },
        meta,
        new Date(start.getTime() + i * 1000),
      );
      expect(r.status, `visitor ${i + 1}`).toBe("created");
    }
    // One phone from many addresses: the sixth within ten minutes is refused.
    const one = (i: number) =>
      createLead(
        requireSite("anyang"),
        { ...inquiry, message: `문의 ${i}` },
        { ...meta, ip: `198.51.100.${i}` },
        new Date(start.getTime() + 60_000 + i * 1000),
      );
    for (let i = 0; i < 5; i++) expect((await one(i)).status).toBe("created");
    expect(await one(5)).toMatchObject({ status: "rate_limited" });
  });
});

import { describe, expect, it } from "vitest";
import { loadSite, requireSite } from "~/sites/registry.server";
import { engines, setTestEnv, useTestDb } from "~/db/test-support";
import { createLead, listLeads, type LeadMeta } from "~/leads/leads.server";
import type { LeadForm } from "~/leads/lead-form";
import { ALL_SITES } from "~/lib/sites";
import { kstInstant } from "~/lib/korean-time";
import { createOutboxWorker, listOutbox } from "~/outbox/outbox.server";
import { cancelBooking, findBooking, hashToken, readAvailability } from "./bookings.server";

const content = loadSite("sites/anyang");

const capacity = content.modelHouse.visits.capacityPerSlot;
// Sunday 1 March 2026, 10:00 in Korea. The model house opens every day, 10:00–18:00, hourly slots.
const NOW = new Date("2026-03-01T01:00:00.000Z");
const SLOT = "2026-03-03T14:00";
const SLOT_AT = kstInstant("2026-03-03", "14:00").toISOString();

const visit = (i: number, slot: string | null = SLOT): LeadForm => ({
  kind: "visit",
  name: "방문객",
  phone: `010-3000-${String(1000 + i)}`,
  message: "",
  privacyConsent: true,
  smsConsent: false,
  visitSlot: slot,
});
const meta = (i: number): LeadMeta => ({ ip: `198.51.100.${i % 250}`, source: "/register" });

describe.each(engines())("visit bookings ($name)", (engine) => {
  const t = useTestDb(engine);
  const seatsTaken = async (startsAt = SLOT_AT) =>
    Number(
      (
        await t.db().get<{
          booked: number;
        }>("SELECT booked FROM visit_slots WHERE starts_at = $1", [startsAt])
      )?.booked ?? 0,
    );
  /** The booking link's token, as the visitor reads it in the confirmation SMS. */
  const tokenInSms = async (phone: string) => {
    const row = (await listOutbox("anyang")).find(
      (r) => r.recipient === phone && r.purpose === "confirmation",
    );
    const text = (JSON.parse(row!.payload) as { text: string }).text;
    return /\/b\/([A-Za-z0-9_-]+)/.exec(text)![1]!;
  };

  it("gives the last seat to exactly one of 20 concurrent bookings; the others are offered the next free slot", async () => {
    for (let i = 0; i < capacity - 1; i++)
      expect((await createLead(requireSite("anyang"), visit(i), meta(i), NOW)).status).toBe(
        "created",
      );
    expect(await seatsTaken()).toBe(capacity - 1);

    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        createLead(requireSite("anyang"), visit(100 + i), meta(100 + i), NOW),
      ),
    );

    expect(results.filter((r) => r.status === "created")).toHaveLength(1);
    const refused = results.filter((r) => r.status !== "created");
    expect(refused).toHaveLength(19);
    for (const r of refused)
      expect(r).toEqual({
        status: "slot_unavailable",
        problem: "full",
        slot: SLOT,
        next: "2026-03-03T15:00",
      });
    const holders = await t
      .db()
      .all("SELECT id FROM leads WHERE visit_at = $1 AND phone LIKE '010-3000-11%'", [SLOT_AT]);
    expect(holders).toHaveLength(1);
    expect(await seatsTaken()).toBe(capacity);
    expect((await listLeads("anyang")).filter((l) => l.visitAt === SLOT_AT)).toHaveLength(capacity);
    // Refused bookings leave nothing behind: no lead, no SMS.
    expect(await listLeads("anyang")).toHaveLength(capacity);
    expect((await listOutbox("anyang")).filter((r) => r.purpose === "confirmation")).toHaveLength(
      capacity,
    );
  });

  it("shows seats left per slot, full slots and the slots of today that have begun", async () => {
    await createLead(requireSite("anyang"), visit(1), meta(1), NOW);
    const { days } = await readAvailability(requireSite("anyang"), t.db(), NOW);
    expect(days).toHaveLength(content.modelHouse.visits.bookableDays);
    expect(days[0]!.date).toBe("2026-03-01");
    expect(days[0]!.slots[0]).toEqual({ time: "10:00", left: 0, state: "past" });
    expect(days[0]!.slots[1]).toEqual({ time: "11:00", left: capacity, state: "open" });
    const day = days.find((d) => d.date === "2026-03-03")!;
    expect(day.slots.find((s) => s.time === "14:00")).toEqual({
      time: "14:00",
      left: capacity - 1,
      state: "open",
    });
  });

  it("refuses a slot the schedule does not offer, naming the next free one, and stores nothing", async () => {
    const closed = content.modelHouse.visits.closedDates[0]!;
    const later = kstInstant(closed, "09:00");
    const dayBefore = new Date(later.getTime() - 86_400_000);
    expect(
      await createLead(requireSite("anyang"), visit(1, `${closed}T10:00`), meta(1), dayBefore),
    ).toMatchObject({
      status: "slot_unavailable",
      problem: "closed",
    });
    expect(
      await createLead(requireSite("anyang"), visit(2, "2026-03-01T10:00"), meta(2), NOW),
    ).toEqual({
      status: "slot_unavailable",
      problem: "past",
      slot: "2026-03-01T10:00",
      next: "2026-03-01T11:00",
    });
    expect(
      await createLead(requireSite("anyang"), visit(3, "2026-03-03T14:30"), meta(3), NOW),
    ).toMatchObject({
      status: "slot_unavailable",
      problem: "invalid",
      next: "2026-03-01T11:00",
    });
    expect(
      await createLead(requireSite("anyang"), visit(4, "2026-04-30T14:00"), meta(4), NOW),
    ).toMatchObject({
      status: "slot_unavailable",
      problem: "out_of_range",
    });
    expect(await listLeads("anyang")).toHaveLength(0);
  });

  it("opens the booking from the SMS link's token, stored only as its hash; cancelling frees the seat once and is recorded on the lead", async () => {
    setTestEnv({ STAFF_ALERT_PHONES: "010-9000-0001" });
    const created = await createLead(requireSite("anyang"), visit(7), meta(7), NOW);
    const token = await tokenInSms(visit(7).phone);
    expect(await seatsTaken()).toBe(1);

    const stored = await t.db().get<{
      visit_token_hash: string;
    }>("SELECT visit_token_hash FROM leads WHERE id = $1", [(created as { id: string }).id]);
    expect(stored!.visit_token_hash).toBe(hashToken(token));
    expect(JSON.stringify(await t.db().all("SELECT * FROM leads"))).not.toContain(token);

    expect(await findBooking(requireSite("anyang"), token, NOW)).toEqual({
      slotKey: SLOT,
      cancelledAt: null,
      past: false,
    });
    expect(
      await findBooking(
        requireSite("anyang"),
        token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"),
        NOW,
      ),
    ).toBe(null);
    expect(await findBooking(requireSite("anyang"), "../../etc/passwd", NOW)).toBe(null);

    const later = new Date(NOW.getTime() + 3600_000);
    expect(await cancelBooking(requireSite("anyang"), token, later)).toMatchObject({
      status: "cancelled",
    });
    expect(await seatsTaken()).toBe(0);
    expect((await listLeads("anyang"))[0]!.visitCancelledAt).toBe(later.toISOString());
    // A second click changes nothing.
    expect(await cancelBooking(requireSite("anyang"), token, later)).toMatchObject({
      status: "already_cancelled",
    });
    expect(await seatsTaken()).toBe(0);
    // The staff phones heard of the booking and of its cancellation.
    const staff = (await listOutbox("anyang")).filter((r) => r.purpose === "staff");
    expect(
      staff.map((r) => (JSON.parse(r.payload) as { text: string }).text.split("\n")[0]),
    ).toEqual([
      `[${content.identity.name}] 새 방문예약`,
      `[${content.identity.name}] 방문예약 취소`,
    ]);
  });

  it("tells a cancellation to the staff of the booking's ad source, as its new-lead alert", async () => {
    setTestEnv({ STAFF_ALERT_PHONES: "010-9000-0001" });
    const suwonName = loadSite("sites/suwon").identity.name;
    // suwon's content maps naver to a number and staff of its own (phoneBySource).
    const sourceMeta = { ...meta(12), attribution: { utm_source: "naver" } };
    expect((await createLead(requireSite("suwon"), visit(12), sourceMeta, NOW)).status).toBe(
      "created",
    );
    const row = (await listOutbox("suwon")).find((r) => r.purpose === "confirmation");
    const token = /\/b\/([A-Za-z0-9_-]+)/.exec(
      (JSON.parse(row!.payload) as { text: string }).text,
    )![1]!;
    expect(await cancelBooking(requireSite("suwon"), token, NOW)).toMatchObject({
      status: "cancelled",
    });
    const staff = (await listOutbox("suwon")).filter((r) => r.purpose === "staff");
    expect(staff.map((r) => r.recipient)).toEqual(["010-5555-0101", "010-5555-0101"]);
    // Both rows were queued at the same instant: their order is not the point.
    const firsts = staff.map(
      (r) => (JSON.parse(r.payload) as { text: string }).text.split("\n")[0],
    );
    expect(firsts.sort()).toEqual(
      [`[${suwonName}] 방문예약 취소`, `[${suwonName}] 새 방문예약`].sort(),
    );
  });

  it("keeps a booking whose slot has begun", async () => {
    await createLead(requireSite("anyang"), visit(8), meta(8), NOW);
    const token = await tokenInSms(visit(8).phone);
    expect(await cancelBooking(requireSite("anyang"), token, new Date(SLOT_AT))).toMatchObject({
      status: "past",
    });
    expect(await seatsTaken()).toBe(1);
  });

  it("blanks the token out of the stored SMS once it is sent", async () => {
    await createLead(requireSite("anyang"), visit(9), meta(9), NOW);
    const token = await tokenInSms(visit(9).phone);
    const sent: string[] = [];
    await createOutboxWorker({
      providers: { sms: { send: async (_to, text) => void sent.push(text) } },
    }).runOnce(NOW);
    expect(sent.join()).toContain(`/b/${token}`);
    expect(JSON.stringify(await listOutbox("anyang"))).not.toContain(token);
  });
  it("counts seats per complex: a full slot on one complex leaves the same hour open on another, and a token opens only its own complex's booking", async () => {
    setTestEnv({
      STAFF_ALERT_PHONES: "010-9000-0001",
      STAFF_ALERT_PHONES__SUWON: "010-9000-0002",
    });
    for (let i = 0; i < capacity; i++)
      expect((await createLead(requireSite("anyang"), visit(i), meta(i), NOW)).status).toBe(
        "created",
      );
    expect(await createLead(requireSite("anyang"), visit(50), meta(50), NOW)).toMatchObject({
      status: "slot_unavailable",
      problem: "full",
    });
    expect((await createLead(requireSite("suwon"), visit(51), meta(51), NOW)).status).toBe(
      "created",
    );

    const seats = await t.db().all<{
      site_id: string;
      booked: number;
    }>("SELECT site_id, booked FROM visit_slots WHERE starts_at = $1 ORDER BY site_id", [SLOT_AT]);
    expect(seats.map((r) => [r.site_id, Number(r.booked)])).toEqual([
      ["anyang", capacity],
      ["suwon", 1],
    ]);
    const slotOf = async (siteId: string) =>
      (await readAvailability(requireSite(siteId), t.db(), NOW)).days
        .flatMap((d) => d.slots.map((s) => ({ ...s, key: `${d.date}T${s.time}` })))
        .find((s) => s.key === SLOT);
    expect(await slotOf("anyang")).toMatchObject({ left: 0 });
    const suwonCapacity = loadSite("sites/suwon").modelHouse.visits.capacityPerSlot;
    expect(await slotOf("suwon")).toMatchObject({ left: suwonCapacity - 1 });

    // suwon's booking link, opened or cancelled on anyang, is not found there.
    const row = (await listOutbox("suwon")).find((r) => r.purpose === "confirmation");
    const token = /\/b\/([A-Za-z0-9_-]+)/.exec(
      (JSON.parse(row!.payload) as { text: string }).text,
    )![1]!;
    expect(await findBooking(requireSite("anyang"), token, NOW)).toBe(null);
    expect(await cancelBooking(requireSite("anyang"), token, NOW)).toEqual({ status: "not_found" });
    expect(await findBooking(requireSite("suwon"), token, NOW)).toMatchObject({ slotKey: SLOT });
    expect(await cancelBooking(requireSite("suwon"), token, NOW)).toMatchObject({
      status: "cancelled",
    });
    expect(await slotOf("anyang")).toMatchObject({ left: 0 });
    expect(await slotOf("suwon")).toMatchObject({ left: suwonCapacity });
    // Each complex's staff phones hear of their own complex's bookings only.
    const staff = (await listOutbox(ALL_SITES)).filter((r) => r.purpose === "staff");
    expect(new Set(staff.filter((r) => r.site_id === "suwon").map((r) => r.recipient))).toEqual(
      new Set(["010-9000-0002"]),
    );
    expect(new Set(staff.filter((r) => r.site_id === "anyang").map((r) => r.recipient))).toEqual(
      new Set(["010-9000-0001"]),
    );
  });
});

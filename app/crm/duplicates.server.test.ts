import { describe, expect, it } from "vitest";
import { engines } from "~/db/test-support";
import { createExternalLead, createLead } from "~/leads/leads.server";
import { leadForm, meta, T0, useLeadsDb } from "~/leads/test-support";
import { requireSite } from "~/sites/registry.server";
import { saveLeadSettings } from "./assignment.server";
import type { Viewer } from "./calls.server";
import { setStatus } from "./customers.server";
import { cardDetail } from "./desk.server";

/*
 * Duplicates across sources (issue 42, item 4): a phone that comes again, by any route, within the
 * complex's window (30 days unless set) of its card's last touch is one person with one more touch;
 * later it asks anew, and the card comes back as 신규. The card names every source.
 */

const PHONE = "010-8100-0001";
const day = (n: number) => new Date(T0.getTime() + n * 86_400_000);
const agency: Viewer = { adminId: "x", email: "agency@example.com", role: "agency" };

describe.each(engines())("a phone that comes again ($name)", (engine) => {
  const t = useLeadsDb(engine);
  const anyang = requireSite("anyang");

  const fromNaver = (at: Date) =>
    createLead(
      anyang,
      leadForm("정중복", PHONE),
      { ...meta, attribution: { utm_source: "naver" } },
      at,
    );
  const fromDaangn = (id: string, at: Date) =>
    createExternalLead(
      anyang,
      {
        senderId: id,
        name: "정중복",
        phone: PHONE,
        smsConsent: false,
        source: "daangn",
        campaign: null,
        message: "",
        ip: "1",
      },
      at,
    );

  async function theCard() {
    const rows = await t
      .db()
      .all<{
        id: string;
        status: string;
        touches: number;
      }>("SELECT id, status, touches FROM customers WHERE phone = $1", [PHONE]);
    expect(rows).toHaveLength(1);
    const detail = await cardDetail("anyang", rows[0]!.id, agency);
    return { status: rows[0]!.status, touches: Number(rows[0]!.touches), sources: detail!.sources };
  }

  async function counseling() {
    const c = await t
      .db()
      .get<{
        id: string;
        status: "new";
      }>("SELECT id, status FROM customers WHERE phone = $1", [PHONE]);
    await t
      .db()
      .transaction((tx) =>
        setStatus(tx, "anyang", c!.id, c!.status, "counseling", day(1).toISOString(), null),
      );
  }

  it("within 30 days, from another source, is one person with two touches and both sources on the card", async () => {
    await fromNaver(T0);
    await counseling();
    await fromDaangn("d-1", day(29));
    expect(await theCard()).toEqual({
      status: "counseling",
      touches: 2,
      sources: ["naver", "daangn"],
    });
  });

  it("after the window the person asks anew: the same card, back to 신규; the window is the complex's setting", async () => {
    await fromNaver(T0);
    await counseling();
    await fromDaangn("d-1", day(31));
    expect(await theCard()).toMatchObject({ status: "new", touches: 2 });

    await counseling();
    await saveLeadSettings("anyang", { duplicateDays: 60, visitReminder: true });
    await fromNaver(day(80));
    expect(await theCard()).toMatchObject({ status: "counseling", touches: 3 });
    await saveLeadSettings("anyang", { duplicateDays: 7, visitReminder: true });
    await fromDaangn("d-2", day(90));
    expect(await theCard()).toMatchObject({ status: "new", touches: 4 });
  });
});

import { describe, expect, it } from "vitest";
import { saveLeadSettings } from "~/crm/assignment.server";
import type { Viewer } from "~/crm/calls.server";
import { cardDetail } from "~/crm/desk.server";
import { engines } from "~/db/test-support";
import { createLead } from "~/leads/leads.server";
import { leadForm, meta, T0, useLeadsDb } from "~/leads/test-support";
import { requireSite } from "~/sites/registry.server";
import { sendVisitReminders } from "./reminders.server";

/*
 * The D-1 reminder (issue 42, item 5) with the clock moved: T0 is 1 March 10:00 Korean time, when
 * the visits are booked; the reminders for 3 March's visits go on 2 March from 10:00.
 */

const kst = (stamp: string) => new Date(`${stamp}+09:00`);

describe.each(engines())("the D-1 visit reminder ($name)", (engine) => {
  const t = useLeadsDb(engine);
  const anyang = requireSite("anyang");

  /** 김방문 and 이방문 on 3 March, 박취소 on 3 March but cancelled, 최모레 on 4 March. */
  async function book() {
    const ids: Record<string, string> = {};
    for (const [name, phone, slot] of [
      ["김방문", "010-7000-0001", "2026-03-03T14:00"],
      ["이방문", "010-7000-0002", "2026-03-03T11:00"],
      ["박취소", "010-7000-0003", "2026-03-03T15:00"],
      ["최모레", "010-7000-0004", "2026-03-04T14:00"],
    ] as const) {
      const made = await createLead(anyang, leadForm(name, phone, "visit", slot), meta, T0);
      if (made.status !== "created") throw new Error(made.status);
      ids[name] = made.id;
    }
    await t
      .db()
      .run("UPDATE leads SET visit_cancelled_at = $1 WHERE id = $2", [
        T0.toISOString(),
        ids["박취소"],
      ]);
    return ids;
  }

  const reminders = async () =>
    (
      await t
        .db()
        .all<{
          payload: string;
        }>("SELECT payload FROM outbox WHERE purpose = 'reminder' ORDER BY recipient")
    ).map((r) => JSON.parse(r.payload) as { to: string; text: string });

  it("queues one reminder per visit booked for tomorrow from 10:00, none for a cancelled one, and never twice; the card shows it", async () => {
    const ids = await book();
    await sendVisitReminders(kst("2026-03-02T09:59"));
    expect(await reminders()).toEqual([]);

    await sendVisitReminders(kst("2026-03-02T10:00"));
    await sendVisitReminders(kst("2026-03-02T18:30"));
    const sent = await reminders();
    expect(sent.map((r) => r.to)).toEqual(["010-7000-0001", "010-7000-0002"]);
    expect(sent[0]!.text).toBe(
      [
        "김방문님, 라움하임 평촌 센트럴 견본주택 방문 예약이 내일입니다.",
        "방문일시: 3월 3일(화) 14:00",
        `장소: ${anyang.identity.modelHouseAddress}`,
        `문의: ${anyang.identity.phone}`,
      ].join("\n"),
    );

    // The next day, 최모레's turn comes; 3 March's are not sent again.
    await sendVisitReminders(kst("2026-03-03T10:00"));
    expect((await reminders()).map((r) => r.to)).toEqual([
      "010-7000-0001",
      "010-7000-0002",
      "010-7000-0004",
    ]);

    const card = await t
      .db()
      .get<{ customer_id: string }>("SELECT customer_id FROM leads WHERE id = $1", [ids["김방문"]]);
    const agency: Viewer = { adminId: "x", email: "agency@example.com", role: "agency" };
    const detail = await cardDetail("anyang", card!.customer_id, agency);
    expect(detail!.timeline.map((i) => i.title)).toContain("방문 전날 알림");
  });

  it("sends none where the complex switched it off", async () => {
    await book();
    await saveLeadSettings("anyang", { duplicateDays: 30, visitReminder: false });
    await sendVisitReminders(kst("2026-03-02T10:00"));
    expect(await reminders()).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { upsertAdmin } from "~/auth/admin.server";
import { cookieOf, TEST_PASSWORD } from "~/auth/test-support";
import { engines, useTestDb } from "~/db/test-support";
import { readLive } from "~/sites/live.server";
import { baseSite } from "~/sites/registry.server";
import { operationsAction, type OperationsAnswer } from "./operations.server";

/*
 * 운영 정보's forms read back by their schema (./live-form.ts): what each section's fields become
 * in the stored live values, and the Korean message beside the field when they are wrong.
 */

const site = baseSite("anyang");
const [first, second] = site.unitTypes as [(typeof site.unitTypes)[0], (typeof site.unitTypes)[0]];

async function send(fields: Record<string, string>) {
  const cookie = await cookieOf("ops@example.com", "anyang");
  const origin = "http://anyang.localhost";
  const response = (await operationsAction(
    new Request(`${origin}/admin/operations`, {
      method: "POST",
      headers: { cookie, origin, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    }),
  )) as Response | { data: OperationsAnswer; init: ResponseInit | null };
  if (response instanceof Response) return { status: response.status, answer: null };
  return { status: response.init?.status ?? 200, answer: response.data };
}

const live = async (field: string) =>
  (await readLive("anyang")).get(field as never)?.value as Record<string, unknown> | undefined;

/** The schedule's rows as the form sends them, from the content's milestones. */
function scheduleFields(rows = site.infoPages.schedule.milestones) {
  const out: Record<string, string> = { intent: "schedule" };
  rows.forEach((m, i) => {
    for (const [name, value] of Object.entries(m))
      out[`schedule.milestones.${i}.${name}`] = String(value);
  });
  return out;
}

describe.each(engines())("운영 정보's forms ($name)", (engine) => {
  useTestDb(engine);
  const admin = () => upsertAdmin("ops@example.com", TEST_PASSWORD, { sites: ["anyang"] });

  it("잔여 세대: a count per unit type, an empty one not shown, all empty takes the board down; a word is refused beside its field", async () => {
    await admin();
    const bad = await send({ intent: "remaining", [`remaining.${first.key}`]: "세 세대" });
    expect(bad.status).toBe(400);
    expect(bad.answer?.errors).toEqual({
      [`remaining.${first.key}`]: ["0 이상의 정수로 입력해 주세요 (0은 마감)"],
    });
    // What was typed comes back to the field.
    expect(bad.answer?.value).toEqual({ [first.key]: "세 세대" });
    expect(await live("remainingUnits")).toBeUndefined();

    const saved = await send({
      intent: "remaining",
      [`remaining.${first.key}`]: "3",
      [`remaining.${second.key}`]: "",
    });
    expect(saved.status).toBe(302);
    expect((await live("remainingUnits"))?.counts).toEqual({ [first.key]: 3 });

    expect((await send({ intent: "remaining", [`remaining.${first.key}`]: "" })).status).toBe(302);
    expect((await readLive("anyang")).get("remainingUnits")?.value).toBeUndefined();
  });

  it("공지: its period in Korean time is stored as the instant; a missing end is refused; 공지 내리기 takes it down", async () => {
    await admin();
    const notice = {
      intent: "notice",
      "notice.title": "휴관 안내",
      "notice.text": "12월 25일은 쉽니다.",
      "notice.link": "",
      "notice.startsAt": "2026-12-24T09:00",
    };
    const bad = await send({ ...notice, "notice.endsAt": "" });
    expect(bad.answer?.errors).toEqual({
      "notice.endsAt": ["끝나는 날짜와 시각을 입력해 주세요"],
    });
    expect(bad.answer?.focus).toBe("f-notice.endsAt");

    expect((await send({ ...notice, "notice.endsAt": "2026-12-25T18:00" })).status).toBe(302);
    expect(await live("notice")).toEqual({
      title: "휴관 안내",
      text: "12월 25일은 쉽니다.",
      startsAt: "2026-12-24T00:00:00.000Z",
      endsAt: "2026-12-25T09:00:00.000Z",
    });

    expect((await send({ ...notice, $clear: "1" })).status).toBe(302);
    const settings = await readLive("anyang");
    expect(settings.get("notice")?.value).toBeUndefined();
  });

  it("분양 일정: rows as sent, a new one given a key; a date out of order is refused beside that milestone's date", async () => {
    await admin();
    const rows = site.infoPages.schedule.milestones;
    const fields = scheduleFields();
    const n = rows.length;
    Object.assign(fields, {
      [`schedule.milestones.${n}.step`]: "입주",
      [`schedule.milestones.${n}.place`]: "단지",
      [`schedule.milestones.${n}.date`]: "2029-03-01",
      [`schedule.milestones.${n}.key`]: "",
    });
    expect((await send(fields)).status).toBe(302);
    const saved = (await live("schedule")) as unknown as { key: string; step: string }[];
    expect(saved.map((m) => m.step)).toEqual([...rows.map((m) => m.step), "입주"]);
    expect(saved.at(-1)!.key).toMatch(/^m[0-9a-z]+$/);

    const late = scheduleFields();
    late["schedule.milestones.1.date"] = "2000-01-01";
    const bad = await send(late);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.answer!.errors)).toEqual(["schedule.milestones.1.date"]);
  });

  it("방문 예약: slots, exceptions by weekday and closed days (twice is once); 0 per slot is refused", async () => {
    await admin();
    const visits = {
      intent: "visits",
      "visits.perSlot": "8",
      "visits.exceptions.0.weekday": "토",
      "visits.exceptions.0.time": "14:00",
      "visits.exceptions.0.capacity": "0",
      "visits.closedDates.0": "2026-12-31",
      "visits.closedDates.1": "2026-12-25",
      "visits.closedDates.2": "2026-12-25",
    };
    expect((await send(visits)).status).toBe(302);
    expect(await live("visitCapacity")).toEqual({
      perSlot: 8,
      exceptions: [{ weekday: 6, time: "14:00", capacity: 0 }],
      closedDates: ["2026-12-25", "2026-12-31"],
    });

    const bad = await send({ ...visits, "visits.perSlot": "0" });
    expect(bad.answer?.errors).toEqual({ "visits.perSlot": ["1 이상의 정수로 입력해 주세요"] });
  });

  it("a list's button without the script answers the form with the entry added, and saves nothing", async () => {
    await admin();
    const added = await send({
      intent: "visits",
      $op: "add:visits.exceptions",
      "visits.perSlot": "8",
    });
    expect(added.status).toBe(200);
    expect(added.answer?.value).toMatchObject({ perSlot: 8, exceptions: [{}] });
    expect(added.answer?.announcement).toBeTruthy();
    expect(await live("visitCapacity")).toBeUndefined();
  });
});

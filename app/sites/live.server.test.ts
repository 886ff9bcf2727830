import { afterEach, describe, expect, it } from "vitest";
import { engines, useTestDb } from "~/db/test-support";
import { createLead } from "~/leads/leads.server";
import { listOutbox } from "~/outbox/outbox.server";
import { readAvailability } from "~/bookings/bookings.server";
import { kstInstant } from "~/lib/korean-time";
import { checkLive, listChanges, readLive, revertChange, saveLive } from "./live.server";
import { onStoreChanged } from "~/console/changes.server";
import { noticeShown } from "./notice.server";
import { baseSite, loadSites, requireSite, resetSites, siteById } from "./registry.server";
import { createLiveSync } from "~/console/sync.server";

/*
 * 운영 정보: values stored over the content file's, checked by the content's rules, every change
 * recorded and revertible, and applied to the complex the pages and messages are made from when
 * its version moves (what console/sync.server.ts does every second).
 */

afterEach(() => resetSites());

describe("a value is checked by the content's rules", () => {
  it("refuses a bad phone number with the content's Korean message, and takes a good one", () => {
    const base = baseSite("anyang");
    const bad = checkLive(base, {}, "phone", "전화번호아님");
    expect(bad).toEqual({ ok: false, errors: { "": "전화번호 형식이 아닙니다" } });
    const good = checkLive(base, {}, "phone", "1600-9999");
    expect(good.ok && good.site.identity.phone).toBe("1600-9999");
    // The content is left as it was.
    expect(baseSite("anyang").identity.phone).toBe("1600-0000");
  });

  it("refuses remaining units of a unit type the complex does not have, and a notice that ends before it starts", () => {
    const base = baseSite("anyang");
    const unknown = checkLive(base, {}, "remainingUnits", {
      updatedAt: "2026-11-25T01:00:00.000Z",
      counts: { "999Z": 3 },
    });
    expect(unknown.ok).toBe(false);
    expect(JSON.stringify(unknown)).toContain("없는 주택형입니다: 999Z");
    const backwards = checkLive(base, {}, "notice", {
      title: "휴관",
      text: "쉽니다",
      startsAt: "2026-11-25T02:00:00.000Z",
      endsAt: "2026-11-25T01:00:00.000Z",
    });
    expect(backwards).toEqual({
      ok: false,
      errors: { endsAt: "끝나는 시각은 시작 시각 뒤여야 합니다" },
    });
  });

  it("refuses a schedule out of date order at the milestone out of place, naming it and the one before by their labels", () => {
    const base = baseSite("anyang");
    const milestones = structuredClone(base.infoPages.schedule.milestones);
    // 입주자 모집공고 (the first) moved after 청약접수 (특별공급), the second.
    expect(milestones.slice(0, 2).map((m) => [m.step, m.detail, m.date])).toEqual([
      ["입주자 모집공고", undefined, "2026-12-04"],
      ["청약접수", "특별공급", "2026-12-14"],
    ]);
    milestones[0]!.date = "2026-12-20";
    expect(checkLive(base, {}, "schedule", milestones)).toEqual({
      ok: false,
      errors: {
        "1.date":
          '"청약접수 (특별공급)"의 날짜(2026-12-14)가 앞 일정 "입주자 모집공고"의 날짜(2026-12-20)보다 이릅니다. 일정은 날짜 순서대로 적어 주세요',
      },
    });
    // A key used twice: beside the second milestone, naming both.
    const twice = structuredClone(base.infoPages.schedule.milestones);
    twice[2]!.key = twice[1]!.key;
    expect(checkLive(base, {}, "schedule", twice)).toEqual({
      ok: false,
      errors: {
        "2.key":
          '"청약접수 (일반공급 1순위)"의 일정 키(special)가 앞 일정 "청약접수 (특별공급)"의 키와 겹칩니다',
      },
    });
  });
});

it("a notice is shown from its start until (not at) its end", () => {
  const notice = {
    title: "휴관",
    text: "쉽니다",
    startsAt: "2026-11-25T01:00:00.000Z",
    endsAt: "2026-11-25T01:01:00.000Z",
  };
  expect(noticeShown(notice, Date.parse("2026-11-25T00:59:59.999Z"))).toBe(false);
  expect(noticeShown(notice, Date.parse("2026-11-25T01:00:00.000Z"))).toBe(true);
  expect(noticeShown(notice, Date.parse("2026-11-25T01:00:59.999Z"))).toBe(true);
  expect(noticeShown(notice, Date.parse("2026-11-25T01:01:00.000Z"))).toBe(false);
  expect(noticeShown(undefined)).toBe(false);
});

describe.each(engines())("live operations ($name)", (engine) => {
  const testDb = useTestDb(engine);

  it("a bad value changes nothing; a good one is stored, recorded, and served after sync", async () => {
    const sync = createLiveSync();
    expect(await sync.sync()).toEqual([]);
    const refused = await saveLive("anyang", "phone", "전화번호아님", "a@example.com");
    expect(refused.ok).toBe(false);
    expect(await readLive("anyang")).toEqual(new Map());
    expect(await listChanges("anyang")).toEqual([]);

    expect(await saveLive("anyang", "phone", "1600-9999", "a@example.com")).toEqual({ ok: true });
    // Served once the server syncs: this complex only.
    expect(requireSite("anyang").identity.phone).toBe("1600-0000");
    expect(await sync.sync()).toEqual(["anyang"]);
    expect(requireSite("anyang").identity.phone).toBe("1600-9999");
    expect(requireSite("suwon").identity.phone).toBe(baseSite("suwon").identity.phone);
    expect(await sync.sync()).toEqual([]);

    const [change] = await listChanges("anyang");
    expect(change).toMatchObject({
      field: "phone",
      label: "대표 전화번호",
      oldValue: undefined,
      newValue: "1600-9999",
      changedBy: "a@example.com",
      reverts: null,
    });
    // Another complex sees none of it.
    expect(await listChanges("suwon")).toEqual([]);
    // Saving what is already shown (a form's untouched field) records nothing.
    await saveLive("anyang", "contactHours", baseSite("anyang").contact.hours, "a@example.com");
    await saveLive("anyang", "phone", "1600-9999", "a@example.com");
    expect(await listChanges("anyang")).toHaveLength(1);
  });

  it("a stored change tells this instance's server at once, so it syncs without waiting for its poll; a refused value or no change does not", async () => {
    const told: string[] = [];
    const stop = onStoreChanged(() => told.push("changed"));
    try {
      await saveLive("anyang", "phone", "전화번호아님", "a@example.com");
      expect(told).toEqual([]);
      await saveLive("anyang", "phone", "1600-9999", "a@example.com");
      expect(told).toEqual(["changed"]);
      // The same number again is no change.
      await saveLive("anyang", "phone", "1600-9999", "a@example.com");
      expect(told).toEqual(["changed"]);
      const [change] = await listChanges("anyang");
      await revertChange("anyang", change!.id, "a@example.com");
      expect(told).toEqual(["changed", "changed"]);
    } finally {
      stop();
    }
  });

  it("a phone number typed without hyphens is stored, recorded and served in the content's form", async () => {
    const sync = createLiveSync();
    expect(await saveLive("anyang", "phone", "0212345678", "a@example.com")).toEqual({ ok: true });
    expect((await readLive("anyang")).get("phone")?.value).toBe("02-1234-5678");
    expect((await listChanges("anyang"))[0]?.newValue).toBe("02-1234-5678");
    await sync.sync();
    expect(requireSite("anyang").identity.phone).toBe("02-1234-5678");
    // The same number again, written another way, is no change.
    await saveLive("anyang", "phone", "02-1234-5678", "a@example.com");
    expect(await listChanges("anyang")).toHaveLength(1);
  });

  it("a change is reverted in one step, recorded as a change that names it; reverting the first change brings the content's value back", async () => {
    const sync = createLiveSync();
    await saveLive("anyang", "phone", "1600-1111", "a@example.com");
    await saveLive("anyang", "phone", "1600-2222", "b@example.com");
    const [second, first] = await listChanges("anyang");
    expect(second!.newValue).toBe("1600-2222");

    expect(await revertChange("anyang", second!.id, "c@example.com")).toEqual({ ok: true });
    await sync.sync();
    expect(requireSite("anyang").identity.phone).toBe("1600-1111");
    const [revert] = await listChanges("anyang");
    expect(revert).toMatchObject({
      field: "phone",
      oldValue: "1600-2222",
      newValue: "1600-1111",
      changedBy: "c@example.com",
      reverts: second!.id,
    });

    await revertChange("anyang", first!.id, "c@example.com");
    await sync.sync();
    expect(requireSite("anyang").identity.phone).toBe("1600-0000");
    expect((await readLive("anyang")).has("phone")).toBe(false);
    expect(await listChanges("anyang")).toHaveLength(4);
    // A change of another complex cannot be reverted from this one.
    expect((await revertChange("suwon", first!.id, "c@example.com")).ok).toBe(false);
  });

  it("a change keeps the content's value of its time, which a later content deploy does not rewrite; one recorded before that reads today's", async () => {
    await saveLive("anyang", "phone", "1600-9999", "a@example.com");
    // A deploy changes the content file's number.
    resetSites(
      loadSites().map((s) =>
        s.id === "anyang" ? { ...s, identity: { ...s.identity, phone: "1600-1111" } } : s,
      ),
    );
    expect((await listChanges("anyang"))[0]).toMatchObject({
      oldValue: undefined,
      contentValue: "1600-0000",
    });
    await testDb.db().run("UPDATE live_changes SET content_value = NULL");
    expect((await listChanges("anyang"))[0]!.contentValue).toBe("1600-1111");
  });

  it("remaining units set to 0 show as 마감 in the next promotional SMS, with the other counts", async () => {
    const sync = createLiveSync();
    const [first, second] = requireSite("anyang").unitTypes;
    await saveLive(
      "anyang",
      "remainingUnits",
      { updatedAt: "2026-11-25T05:30:00.000Z", counts: { [first!.key]: 0, [second!.key]: 12 } },
      "a@example.com",
    );
    await sync.sync();
    await createLead(
      requireSite("anyang"),
      {
        kind: "visit",
        name: "홍길동",
        phone: "010-3000-1234",
        message: "",
        privacyConsent: true,
        smsConsent: true,
        visitSlot: null,
      },
      { ip: "198.51.100.1", source: "/register" },
    );
    const promotion = (await listOutbox("anyang")).find((m) => m.purpose === "promotion");
    const { text } = JSON.parse(promotion!.payload) as { text: string };
    expect(text.startsWith("(광고)")).toBe(true);
    expect(text).toContain(
      `잔여 세대(11월 25일 14:30 기준): ${first!.label} 마감, ${second!.label} 12세대`,
    );
    expect(text.endsWith(`무료수신거부 ${requireSite("anyang").privacy.optOutNumber}`)).toBe(true);
  });

  it("visit capacity per weekday and time, and closed days, follow the stored values", async () => {
    const sync = createLiveSync();
    // Tuesday 3 March 2026: 14:00 takes nobody, 15:00 takes 2; 4 March is closed.
    await saveLive(
      "anyang",
      "visitCapacity",
      {
        perSlot: 2,
        exceptions: [{ weekday: 2, time: "14:00", capacity: 0 }],
        closedDates: ["2026-03-04"],
      },
      "a@example.com",
    );
    await sync.sync();
    const availability = await readAvailability(
      requireSite("anyang"),
      undefined,
      new Date("2026-03-01T01:00:00.000Z"),
    );
    const tuesday = availability.days.find((d) => d.date === "2026-03-03")!;
    expect(tuesday.slots.find((s) => s.time === "14:00")).toMatchObject({ state: "full", left: 0 });
    expect(tuesday.slots.find((s) => s.time === "15:00")).toMatchObject({ state: "open", left: 2 });
    expect(availability.days.some((d) => d.date === "2026-03-04")).toBe(false);
    expect(kstInstant("2026-03-03", "14:00").toISOString()).toBe("2026-03-03T05:00:00.000Z");
  });

  it("a notice's beginning and end ask for the pages again without anyone saving", async () => {
    const sync = createLiveSync();
    const start = Date.parse("2026-11-25T01:00:00.000Z");
    await saveLive(
      "anyang",
      "notice",
      {
        title: "휴관 안내",
        text: "견본주택이 쉽니다",
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + 60_000).toISOString(),
      },
      "a@example.com",
    );
    expect(await sync.sync(start - 1000)).toEqual(["anyang"]); // the change itself
    expect(siteById("anyang")!.notice?.title).toBe("휴관 안내");
    expect(await sync.sync(start - 500)).toEqual([]);
    expect(await sync.sync(start)).toEqual(["anyang"]); // begins
    expect(await sync.sync(start + 30_000)).toEqual([]);
    expect(await sync.sync(start + 60_000)).toEqual(["anyang"]); // ends
    expect(await sync.sync(start + 90_000)).toEqual([]);
  });
});

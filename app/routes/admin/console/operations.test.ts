import { describe, expect, it } from "vitest";
import { upsertAdmin } from "~/auth/admin.server";
import { cookieOf, TEST_PASSWORD, thrownStatus } from "~/auth/test-support";
import { engines, useTestDb } from "~/db/test-support";
import { listChanges, readLive, revertChange, saveLive } from "~/sites/live.server";
import { baseSite } from "~/sites/registry.server";
import { action, loader } from "./operations";

/*
 * 운영 정보 per complex: an administrator of one complex works on that complex only, whatever the
 * address asks for; an administrator of every complex picks the complex with ?site=.
 */

/** The contact form sent on the complex `hostSite`'s own host. */
function postContact(hostSite: string, query: string, cookie: string, phone: string) {
  const origin = `http://${hostSite}.localhost`;
  const request = new Request(`${origin}/admin/operations${query}`, {
    method: "POST",
    headers: { cookie, origin, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "contact",
      "contact.phone": phone,
      "contact.contactHours": "",
    }),
  });
  return action({ request, context: { ip: "203.0.113.5" }, params: {} } as unknown as Parameters<
    typeof action
  >[0]);
}

async function page(hostSite: string, query: string, cookie: string) {
  const request = new Request(`http://${hostSite}.localhost/admin/operations${query}`, {
    headers: { cookie },
  });
  const answer = await loader({ request, context: {}, params: {} } as unknown as Parameters<
    typeof loader
  >[0]);
  return (answer as unknown as { data: Awaited<ReturnType<typeof loader>>["data"] }).data;
}

describe.each(engines())("운영 정보 per complex ($name)", (engine) => {
  useTestDb(engine);

  it("a complex administrator changes their own complex only, even when the address names another", async () => {
    await upsertAdmin("suwon@example.com", TEST_PASSWORD, { sites: ["suwon"] });
    const cookie = await cookieOf("suwon@example.com", "suwon");

    await postContact("suwon", "?site=anyang", cookie, "1600-1234");
    expect((await readLive("suwon")).get("phone")?.value).toBe("1600-1234");
    expect((await readLive("anyang")).size).toBe(0);
    // No complex to choose, and the page is their complex's.
    const own = await page("suwon", "?site=anyang", cookie);
    expect(own.siteId).toBe("suwon");
    expect(own.choices).toEqual([]);

    // Their cookie on the other complex's host: not found, and nothing changes there.
    expect(await thrownStatus(() => page("anyang", "", cookie))).toBe(404);
    expect(await thrownStatus(() => postContact("anyang", "", cookie, "1600-9999"))).toBe(404);
    expect(await listChanges("anyang")).toEqual([]);

    // A field left empty goes back to the content file's value, as the page says (no error).
    expect(await postContact("suwon", "", cookie, "")).toMatchObject({ status: 302 });
    expect((await readLive("suwon")).has("phone")).toBe(false);
  });

  it("the history shows the content's value a field had before its first change, for every field: 1600-0000 (콘텐츠 기본값)", async () => {
    await upsertAdmin("all@example.com", TEST_PASSWORD);
    const cookie = await cookieOf("all@example.com", "anyang");
    const by = "all@example.com";
    const base = baseSite("anyang");
    const milestones = structuredClone(base.infoPages.schedule.milestones);
    milestones[0]!.date = "2026-12-03";
    const unit = base.unitTypes[0]!;
    const saves: [Parameters<typeof saveLive>[1], unknown][] = [
      ["phone", "1600-9876"],
      ["contactHours", "평일 10:00 ~ 18:00"],
      ["modelHouseAddress", "경기도 안양시 동안구 새 주소 1"],
      ["modelHouseHours", "매일 10:00 ~ 17:00"],
      ["schedule", milestones],
      ["remainingUnits", { updatedAt: "2026-11-25T01:00:00.000Z", counts: { [unit.key]: 3 } }],
      [
        "notice",
        {
          title: "휴관 안내",
          text: "쉽니다",
          startsAt: "2026-11-25T01:00:00.000Z",
          endsAt: "2026-11-26T01:00:00.000Z",
        },
      ],
      ["visitCapacity", { perSlot: 9, exceptions: [], closedDates: [] }],
    ];
    for (const [field, value] of saves)
      expect(await saveLive("anyang", field, value as never, by), field).toEqual({ ok: true });

    const before = Object.fromEntries(
      (await page("anyang", "", cookie)).changes.map((c) => [c.label, c.old]),
    );
    expect(before).toEqual({
      "대표 전화번호": "1600-0000 (콘텐츠 기본값)",
      "상담 시간": "24시간 상담 가능 (콘텐츠 기본값)",
      "견본주택 주소":
        "경기도 안양시 동안구 시민대로 000 라움하임 견본주택 (샘플 주소) (콘텐츠 기본값)",
      "견본주택 운영 시간": "매일 10:00 ~ 18:00 (1월 1일 · 설 · 추석 당일 휴관) (콘텐츠 기본값)",
      "분양 일정":
        "입주자 모집공고 2026-12-04, 청약접수 (특별공급) 2026-12-14, 청약접수 (일반공급 1순위) 2026-12-15, 청약접수 (일반공급 2순위) 2026-12-16, 당첨자 발표 2026-12-22, 계약 (정당계약) 2027-01-05 (콘텐츠 기본값)",
      "잔여 세대": "표시 안 함 (콘텐츠 기본값)",
      공지: "공지 없음 (콘텐츠 기본값)",
      "방문 예약 인원·휴관일": "슬롯당 6명, 예외 0건, 휴관일 4일 (콘텐츠 기본값)",
    });

    // Reverting the phone's change goes back to the content's value, and says which.
    const phoneChange = (await listChanges("anyang")).find((c) => c.field === "phone")!;
    expect(await revertChange("anyang", phoneChange.id, by)).toEqual({ ok: true });
    const revert = (await page("anyang", "", cookie)).changes.find(
      (c) => c.reverts === phoneChange.id,
    );
    expect([revert!.label, revert!.old, revert!.new]).toEqual([
      "대표 전화번호",
      "1600-9876",
      "1600-0000 (콘텐츠 기본값)",
    ]);
  });

  it("an administrator of every complex picks the complex; the change is that complex's alone", async () => {
    await upsertAdmin("all@example.com", TEST_PASSWORD);
    const cookie = await cookieOf("all@example.com", "anyang");
    const chosen = await page("anyang", "?site=suwon", cookie);
    expect(chosen.siteId).toBe("suwon");
    expect(chosen.choices.map((c) => c.id).sort()).toEqual(["anyang", "suwon"]);

    await postContact("anyang", "?site=suwon", cookie, "1600-4321");
    expect((await readLive("suwon")).get("phone")?.value).toBe("1600-4321");
    expect((await readLive("anyang")).size).toBe(0);
    expect((await listChanges("suwon"))[0]).toMatchObject({
      field: "phone",
      changedBy: "all@example.com",
    });
  });
});

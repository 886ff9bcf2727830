import { describe, expect, it } from "vitest";
import { upsertAdmin } from "~/auth/admin.server";
import { cookieOf, TEST_PASSWORD } from "~/auth/test-support";
import { countChannel } from "~/channels/channel-counts.server";
import { saveAssignment } from "~/crm/assignment.server";
import { engines, useTestDb } from "~/db/test-support";
import { loader as channelsLoader } from "./channels";
import { action as deskAction, loader as deskLoader } from "./leads";
import { loader as cardLoader } from "./leads.card";
import { loader as csvLoader } from "./leads.csv";
import { action, loader } from "./leads.phone";

/*
 * 전화 접수 (issue 42, item 2) on suwon, whose naver visitors see 050-7123-4567 (content
 * phoneBySource): the call is a 전화 lead of the dialled number's source, on its card, and 채널 성과
 * counts it beside the phone taps.
 */

const HOST = "http://suwon.localhost";

function post(cookie: string, fields: Record<string, string>) {
  const request = new Request(`${HOST}/admin/leads/phone`, {
    method: "POST",
    headers: {
      cookie,
      origin: HOST,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields),
  });
  return action({ request, params: {}, context: { ip: "203.0.113.5" } } as never).catch(
    (e: unknown) => e,
  );
}

async function page<T extends (args: never) => unknown>(
  fn: T,
  path: string,
  cookie: string,
  params: Record<string, string> = {},
) {
  const request = new Request(`${HOST}${path}`, { headers: { cookie } });
  const answer = (await fn({ request, params, context: { ip: "203.0.113.5" } } as never)) as {
    data: Awaited<ReturnType<T>> extends { data: infer D } ? D : never;
  };
  return answer.data;
}

describe.each(engines())("전화 접수 on the desk ($name)", (engine) => {
  const t = useTestDb(engine);

  async function signIn() {
    await upsertAdmin("desk@example.com", TEST_PASSWORD, { sites: ["suwon"], role: "consultant" });
    const id = (await t
      .db()
      .get<{ id: string }>("SELECT id FROM admins WHERE email = 'desk@example.com'"))!.id;
    await saveAssignment("suwon", { autoAssign: true, active: [id] });
    return cookieOf("desk@example.com", "suwon");
  }

  const call = (over: Record<string, string> = {}) => ({
    formKey: "call-0001-abcdef",
    dialled: "naver",
    name: "김전화",
    phone: "010-4242-0001",
    unitType: "84C",
    message: "주말 방문 희망",
    privacyConsent: "on",
    ...over,
  });

  it("lists 대표번호 and the naver number, and stores the call as a 전화 lead of naver on its card, assigned and alerted, without an SMS to the caller", async () => {
    const cookie = await signIn();
    const form = await page(loader, "/admin/leads/phone", cookie);
    expect(form.numbers.map((n) => n.label)).toEqual([
      "1588-7420 · 대표번호",
      "050-7123-4567 · naver",
    ]);

    const answer = await post(cookie, call());
    const location = (answer as Response).headers.get("location")!;
    expect(location).toMatch(/^\/admin\/leads\/[0-9a-f-]{36}\?saved=phone$/);
    const lead = await t.db().get<Record<string, unknown>>(
      `SELECT kind, utm_source, shown_phone, message, sms_consent, consent_recorded_by,
         privacy_consent_at IS NOT NULL AS consented FROM leads`,
    );
    expect(lead).toEqual({
      kind: "phone",
      utm_source: "naver",
      shown_phone: "050-7123-4567",
      message: "관심 평형: 84C\n주말 방문 희망",
      sms_consent: 0,
      consent_recorded_by: "desk@example.com",
      consented: engine.name === "postgres" ? true : 1,
    });
    // The naver number's staff are alerted; the caller gets nothing.
    const outbox = await t.db().all("SELECT purpose, recipient FROM outbox ORDER BY recipient");
    expect(outbox).toEqual([{ purpose: "staff", recipient: "010-5555-0101" }]);

    const customerId = location.split("/")[3]!.split("?")[0]!;
    const card = await page(cardLoader, `/admin/leads/${customerId}?saved=phone`, cookie, {
      customerId,
    });
    expect(card.saved).toBe("전화 접수를 저장했습니다.");
    expect(card.card.consultantEmail).toBe("desk@example.com");
    const taken = card.timeline.find((i) => i.title === "전화 접수 접수")!;
    expect(taken.lines.slice(0, 2)).toEqual(["유입 naver", "걸려 온 번호 050-7123-4567"]);
    expect(taken.by).toBe("desk@example.com");

    // The desk's 구분 filter finds it as 전화 접수, and its CSV says so.
    const desk = await page(deskLoader, "/admin/leads?view=all&kind=phone", cookie);
    expect(desk.list!.cards.map((c) => c.name)).toEqual(["김전화"]);
    const csv = (await csvLoader({
      request: new Request(`${HOST}/admin/leads.csv?kind=phone`, { headers: { cookie } }),
      params: {},
      context: { ip: "203.0.113.5" },
    } as never)) as Response;
    const [header, row] = (await csv.text()).trimEnd().split("\r\n");
    expect(row!.split(",")[header!.split(",").indexOf("구분")]).toBe("전화 접수");
  });

  it("counts the call in 채널 성과's naver row as 전화 접수, beside the naver visitors' 전화 탭", async () => {
    const cookie = await signIn();
    await countChannel("suwon", "landing", "naver");
    await countChannel("suwon", "tel", "naver");
    await post(cookie, call());
    await post(
      cookie,
      call({ formKey: "call-0002-abcdef", dialled: "main", phone: "010-4242-0002" }),
    );

    await upsertAdmin("agency@example.com", TEST_PASSWORD, { role: "agency" });
    const agency = await cookieOf("agency@example.com", "suwon");
    const report = await page(channelsLoader, "/admin/channels", agency);
    expect(
      report.funnel.rows.map((r) => [r.source, r.telTaps, r.phoneLeads, r.leads, r.people]),
    ).toEqual([
      ["naver", 1, 1, 1, 1],
      ["", 0, 1, 1, 1],
    ]);
  });

  it("stores a resent form once, and answers beside the fields when the consent or the number is missing", async () => {
    const cookie = await signIn();
    await post(cookie, call());
    await post(cookie, call());
    const leads = await t.db().all("SELECT id FROM leads");
    expect(leads).toHaveLength(1);

    const refused = (await post(
      cookie,
      call({ formKey: "call-0003-abcdef", privacyConsent: "", dialled: "daangn", phone: "12" }),
    )) as { data: { errors: Record<string, string> }; init: { status: number } };
    expect(refused.init.status).toBe(400);
    expect(refused.data.errors).toEqual({
      phone: "연락처를 정확히 입력해 주세요. (예: 010-1234-5678)",
      privacyConsent: "전화로 개인정보 수집·이용 동의를 받아야 접수할 수 있습니다.",
      dialled: "걸려 온 번호를 선택해 주세요.",
    });
  });

  it("접수 설정 on the desk saves the duplicate window and switches the reminder off; 0 days is refused", async () => {
    await upsertAdmin("agency@example.com", TEST_PASSWORD, { role: "agency" });
    const cookie = await cookieOf("agency@example.com", "suwon");
    const send = (fields: Record<string, string>) =>
      deskAction({
        request: new Request(`${HOST}/admin/leads`, {
          method: "POST",
          headers: { cookie, origin: HOST, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "lead-settings", ...fields }),
        }),
        params: {},
        context: { ip: "203.0.113.5" },
      } as never).catch((e: unknown) => e);

    const refused = (await send({ duplicateDays: "0", visitReminder: "on" })) as {
      data: { message: string };
      init: { status: number };
    };
    expect([refused.init.status, refused.data.message]).toEqual([
      400,
      "중복 판단 기간은 1일에서 365일 사이의 숫자로 입력해 주세요.",
    ]);
    const saved = (await send({ duplicateDays: "14" })) as Response;
    expect(saved.headers.get("location")).toBe("/admin/leads?settings=saved#lead-settings");
    const desk = await page(deskLoader, "/admin/leads?view=all&settings=saved", cookie);
    expect([desk.leadSettings, desk.leadSettingsSaved]).toEqual([
      { duplicateDays: 14, visitReminder: false },
      true,
    ]);
  });
});

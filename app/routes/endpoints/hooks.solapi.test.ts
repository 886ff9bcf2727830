import { afterEach, describe, expect, it } from "vitest";
import { upsertAdmin } from "~/auth/admin.server";
import { cookieOf, TEST_PASSWORD } from "~/auth/test-support";
import { engines, setTestEnv, useTestDb } from "~/db/test-support";
import { cardDetail, listCards } from "~/crm/desk.server";
import { getDb } from "~/db/db.server";
import { createLead } from "~/leads/leads.server";
import type { LeadForm } from "~/leads/lead-form";
import { messageState } from "~/crm/lead-desk";
import { createOutboxWorker, listOutbox } from "~/outbox/outbox.server";
import { startSolapiStandIn } from "~/outbox/solapi-stand-in";
import { baseSite, replaceSite, resetSites, requireSite } from "~/sites/registry.server";
import { loader as deskLoader } from "../admin/crm/leads";
import { action } from "./hooks.solapi";

const SECRET = "report-secret-0123456789";
const T0 = new Date("2026-03-01T01:00:00.000Z");
const visitor = (name: string, phone: string): LeadForm => ({
  kind: "visit",
  name,
  phone,
  message: "",
  privacyConsent: true,
  smsConsent: false,
  visitSlot: "2026-03-02T14:00",
});

/** Solapi's POST of delivery reports, as the route receives it (no Origin, no cookie). */
async function report(body: unknown, secret: string | null = SECRET) {
  const request = new Request("http://anyang.localhost/hooks/solapi", {
    method: "POST",
    body: JSON.stringify(body),
    headers: {
      "Content-Type": "application/json",
      ...(secret === null ? {} : { "X-Solapi-Secret": secret }),
    },
  });
  const args = { request, context: { ip: "203.0.113.70" }, params: {} };
  return action(args as unknown as Parameters<typeof action>[0]);
}

async function desk(query: string) {
  await upsertAdmin("desk@example.com", TEST_PASSWORD);
  const cookie = await cookieOf("desk@example.com", "anyang");
  const request = new Request(`http://anyang.localhost/admin/leads${query}`, {
    headers: { cookie },
  });
  const answer = await deskLoader({
    request,
    context: { ip: "203.0.113.5" },
    params: {},
  } as unknown as Parameters<typeof deskLoader>[0]);
  return (answer as unknown as { data: Awaited<ReturnType<typeof deskLoader>>["data"] }).data;
}

/** Each person's latest confirmation as the desk's list writes it (최근 접수): "문자로 대체". */
async function deskStates(query = "") {
  const page = await desk(query);
  return Object.fromEntries(
    page.list!.cards.map((c) => [
      c.name,
      c.latest?.confirmation ? messageState(c.latest.confirmation).text : null,
    ]),
  );
}

/** A person's messages as their card's timeline writes them: "확인 문자 접수, 직원 알림 알림톡 도착". */
async function cardMessages(name: string) {
  const [agency] = await (
    await getDb()
  ).all<{ id: string; email: string }>(
    "SELECT id, email FROM admins WHERE email = 'desk@example.com'",
  );
  const viewer = { adminId: agency!.id, email: agency!.email, role: "agency" as const };
  const [person] = (await listCards("anyang", { q: name }, viewer)).cards;
  const detail = await cardDetail("anyang", person!.id, viewer);
  return detail!.timeline
    .filter((item) => item.kind === "message")
    .map((item) => `${item.title} ${item.lines.join(" ")}`)
    .sort()
    .join(", ");
}

describe.each(engines())("Solapi's delivery reports ($name)", (engine) => {
  useTestDb(engine);
  const standIns: Awaited<ReturnType<typeof startSolapiStandIn>>[] = [];
  afterEach(async () => {
    resetSites();
    for (const s of standIns.splice(0)) await s.close();
  });

  /** Two visitors booked on a complex with 알림톡, their messages accepted by Solapi. */
  async function sent() {
    const api = await startSolapiStandIn({ "key-1": "secret-1" });
    standIns.push(api);
    setTestEnv({
      SOLAPI_API_KEY: "key-1",
      SOLAPI_API_SECRET: "secret-1",
      SOLAPI_API_URL: api.url(),
      SOLAPI_WEBHOOK_SECRET: SECRET,
      STAFF_ALERT_PHONES: "010-1111-2222",
      LEADS_DUPLICATE_WINDOW_SECONDS: "0",
    });
    replaceSite({
      ...baseSite("anyang"),
      kakao: { pfId: "KA01PF0001", templates: { visitConfirmation: "TP01", staffAlert: "TP02" } },
    });
    await createLead(
      requireSite("anyang"),
      visitor("대체고객", "010-2000-0001"),
      { ip: "1", source: "/" },
      T0,
    );
    await createLead(
      requireSite("anyang"),
      visitor("실패고객", "010-2000-0002"),
      { ip: "1", source: "/" },
      T0,
    );
    await createOutboxWorker().runOnce(T0);
    const idOf = (to: string) => api.accepted.find((m) => m.to === to)!.messageId;
    const staff = api.accepted.filter((m) => m.to === "01011112222").map((m) => m.messageId);
    return { substituted: idOf("01020000001"), failed: idOf("01020000002"), staff };
  }
  const states = async () =>
    (await listOutbox("anyang")).map((r) => [r.id, r.delivery_state, r.delivery_code]);

  it("shows a substitution and a failure on the desk, and lists the failed confirmation under 확인 문자 실패", async () => {
    const ids = await sent();
    expect(await deskStates()).toEqual({ 대체고객: "접수", 실패고객: "접수" });
    expect(await cardMessages("대체고객")).toBe("직원 알림 접수, 확인 문자 접수");

    const answer = await report([
      { messageId: ids.substituted, statusCode: "4000", type: "LMS", dateReceived: "…" },
      { messageId: ids.failed, statusCode: "3104", type: "ATA", statusMessage: "착신 거부" },
      { messageId: ids.staff[0], statusCode: "4000", type: "ATA" },
      { messageId: "M4V-unknown", statusCode: "4000", type: "ATA" },
      { note: "not a report" },
    ]);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true, received: 4, applied: 3 });

    expect(await deskStates()).toEqual({ 대체고객: "문자로 대체", 실패고객: "실패 (3104)" });
    const substituted = await cardMessages("대체고객");
    const failed = await cardMessages("실패고객");
    expect(substituted).toMatch(/확인 문자 문자로 대체$/);
    expect(failed).toMatch(/확인 문자 실패 \(3104\)$/);
    // One staff alert arrived as 알림톡; the other has no report yet.
    expect([substituted, failed].map((x) => x.split(", ")[0]).sort()).toEqual([
      "직원 알림 알림톡 도착",
      "직원 알림 접수",
    ]);

    const failedOnly = await desk("?confirmation=failed");
    expect(failedOnly.list!.cards.map((c) => c.name)).toEqual(["실패고객"]);
    expect(failedOnly.filter).toEqual({ confirmation: "failed" });
  });

  it("changes nothing for the same report twice, nor for a late report of an earlier state; a substitution may follow a failure", async () => {
    const ids = await sent();
    const failure = [{ messageId: ids.failed, statusCode: "3104", type: "ATA" }];
    expect(await (await report(failure)).json()).toMatchObject({ applied: 1 });
    const after = await states();

    expect(await (await report(failure)).json()).toMatchObject({ applied: 0 });
    const late = [{ messageId: ids.failed, statusCode: "2000", type: "ATA" }];
    expect(await (await report(late)).json()).toMatchObject({ applied: 0 });
    expect(await states()).toEqual(after);

    // Solapi's own text in place of the 알림톡 arrived after all: that is later, not earlier.
    const delivered = { data: [{ messageId: ids.failed, statusCode: 4000, type: "SMS" }] };
    expect(await (await report(delivered)).json()).toMatchObject({ applied: 1 });
    expect((await deskStates())["실패고객"]).toBe("문자로 대체");
    expect(await cardMessages("실패고객")).toMatch(/확인 문자 문자로 대체$/);
    const final = await states();
    expect(await (await report(failure)).json()).toMatchObject({ applied: 0 });
    expect(await states()).toEqual(final);
  });

  it("answers 403 and changes nothing without the right secret, and always when none is configured", async () => {
    const ids = await sent();
    const before = await states();
    const body = [{ messageId: ids.failed, statusCode: "3104", type: "ATA" }];

    expect((await report(body, "wrong-secret-0123456789")).status).toBe(403);
    expect((await report(body, null)).status).toBe(403);
    expect((await report(body, `${SECRET}x`)).status).toBe(403);
    setTestEnv({ SOLAPI_WEBHOOK_SECRET: undefined });
    expect((await report(body, SECRET)).status).toBe(403);
    expect((await report(body, "")).status).toBe(403);
    expect(await states()).toEqual(before);
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { engines, setTestEnv, useTestDb } from "~/db/test-support";
import { META_SOURCE } from "~/crm/crm";
import { listLeads } from "~/leads/leads.server";
import { createMetaLeadRunner, listMetaForms, saveMetaMapping } from "~/leads/meta-leads.server";
import {
  hubSignature,
  leadgenNotification,
  sampleGraphLead,
  sampleMetaForm,
  startMetaStandIn,
} from "~/leads/meta-stand-in";
import type { GraphLead } from "~/leads/meta-mapping";
import { action, loader } from "./hooks.meta";

const APP_SECRET = "anyang-meta-app-secret-01";
const VERIFY_TOKEN = "anyang-verify-token";
const PAGE_TOKEN = "EAAB-anyang-page-token";
const FORM_ID = "770011223344";

const graphLead = (id: string, answers: Record<string, string> = {}) =>
  sampleGraphLead(id, FORM_ID, answers);
const FORM = sampleMetaForm(FORM_ID);
const notification = (...leadgenIds: string[]) => leadgenNotification(FORM_ID, ...leadgenIds);

/** Meta's POST as the route receives it. */
async function post(body: string, { site = "anyang", sign = hubSignature(body, APP_SECRET) } = {}) {
  const request = new Request(`http://localhost/hooks/meta/${site}`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", "X-Hub-Signature-256": sign },
  });
  const response = await action({ request, params: { siteId: site } } as unknown as Parameters<
    typeof action
  >[0]);
  return { status: response.status, text: await response.text() };
}

/** Meta's subscription check (GET) as the route receives it. */
async function check(query: Record<string, string>, site = "anyang") {
  const request = new Request(
    `http://localhost/hooks/meta/${site}?${new URLSearchParams(query).toString()}`,
  );
  const response = loader({ request, params: { siteId: site } } as unknown as Parameters<
    typeof loader
  >[0]);
  return { status: response.status, text: await response.text() };
}

describe.each(engines())("Meta lead ads ($name)", (engine) => {
  const t = useTestDb(engine);
  const count = async (sql: string) => Number((await t.db().get<{ n: number }>(sql))?.n);
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await stop?.();
    stop = undefined;
  });

  async function setUp(leads: GraphLead[]) {
    const graph = await startMetaStandIn({ token: PAGE_TOKEN, leads, forms: [FORM] });
    stop = graph.close;
    setTestEnv({
      META_APP_SECRET__ANYANG: APP_SECRET,
      META_VERIFY_TOKEN__ANYANG: VERIFY_TOKEN,
      META_PAGE_TOKEN__ANYANG: PAGE_TOKEN,
      META_GRAPH_URL: graph.graphUrl,
      STAFF_ALERT_PHONES__ANYANG: "010-9000-0001",
    });
    return { graph, runner: createMetaLeadRunner() };
  }

  it("answers Meta's subscription check with the challenge only for the complex's token", async () => {
    await setUp([]);
    const ok = {
      "hub.mode": "subscribe",
      "hub.verify_token": VERIFY_TOKEN,
      "hub.challenge": "1158201444",
    };
    expect(await check(ok)).toEqual({ status: 200, text: "1158201444" });
    expect((await check({ ...ok, "hub.verify_token": "someone-elses-token" })).status).toBe(403);
    expect((await check({ ...ok, "hub.mode": "unsubscribe" })).status).toBe(403);
    // suwon has no Meta settings; nowhere is not a complex.
    expect((await check(ok, "suwon")).status).toBe(404);
    expect((await check(ok, "nowhere")).status).toBe(404);
  });

  it("turns a signed leadgen POST into one card with the form's answers, source meta and a staff alert", async () => {
    const { runner } = await setUp([graphLead("120000000000001")]);
    expect(await post(notification("120000000000001"))).toEqual({
      status: 200,
      text: "EVENT_RECEIVED",
    });
    expect(await count("SELECT COUNT(*) AS n FROM leads")).toBe(0);
    expect(await runner.runOnce()).toBe(1);

    const [lead] = await listLeads("anyang");
    expect(lead).toMatchObject({
      kind: "inquiry",
      name: "박메타",
      phone: "010-5555-6666",
      message: "관심 평형: 84A",
      source: META_SOURCE,
      utmSource: "meta",
      utmCampaign: "안양 봄 분양",
      smsConsent: false,
      consentUnconfirmed: false,
      idempotencyKey: "meta:120000000000001",
    });
    expect(await count("SELECT COUNT(*) AS n FROM customers")).toBe(1);
    // The staff alert, and no message to the person.
    const sms = await t.db().all<{
      recipient: string;
      purpose: string;
    }>("SELECT recipient, purpose FROM outbox WHERE kind = 'sms' ORDER BY recipient");
    expect(sms).toEqual([{ recipient: "010-9000-0001", purpose: "staff" }]);
    // The form's questions, from Graph, for the console's mapping.
    const [form] = await listMetaForms("anyang");
    expect(form).toMatchObject({ name: "안양 관심고객 양식", questionsFrom: "graph" });
    expect(form!.effective.fields).toEqual({
      full_name: "name",
      phone_number: "phone",
      관심_평형: "message",
      개인정보_동의: "consent",
    });
  });

  it("stores a lead without the consent answer as 동의 미확인, and follows the mapping set for the form", async () => {
    const { graph, runner } = await setUp([
      graphLead("120000000000002", { 개인정보_동의: "미동의" }),
    ]);
    await post(notification("120000000000002"));
    await runner.runOnce();
    expect((await listLeads("anyang"))[0]).toMatchObject({
      consentUnconfirmed: true,
      smsConsent: false,
    });

    expect(
      await saveMetaMapping(
        "anyang",
        FORM_ID,
        {
          fields: { 관심_평형: "ignore" },
          campaign: "ad_name",
          source: "instagram",
        },
        "admin@example.com",
      ),
    ).toBe(true);
    graph.addLead(graphLead("120000000000003", { phone_number: "010-7777-8888" }));
    await post(notification("120000000000003"));
    await runner.runOnce();
    expect((await listLeads("anyang"))[0]).toMatchObject({
      phone: "010-7777-8888",
      message: "",
      utmSource: "instagram",
      utmCampaign: "84A 오픈 광고",
      consentUnconfirmed: false,
    });
  });

  it("answers a bad or missing signature 401 and queues nothing", async () => {
    await setUp([graphLead("120000000000004")]);
    const body = notification("120000000000004");
    expect((await post(body, { sign: hubSignature(body, "not-the-app-secret") })).status).toBe(401);
    expect((await post(body, { sign: "" })).status).toBe(401);
    expect((await post(body, { sign: hubSignature(notification("1"), APP_SECRET) })).status).toBe(
      401,
    );
    expect(await count("SELECT COUNT(*) AS n FROM jobs")).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM leads")).toBe(0);
  });

  it("makes one lead of the same leadgen_id sent twice, and twice in one notification", async () => {
    const { runner } = await setUp([graphLead("120000000000005")]);
    await post(notification("120000000000005", "120000000000005"));
    await runner.runOnce();
    await post(notification("120000000000005"));
    await runner.runOnce();
    expect(await count("SELECT COUNT(*) AS n FROM jobs")).toBe(1);
    expect((await listLeads("anyang")).map((l) => l.idempotencyKey)).toEqual([
      "meta:120000000000005",
    ]);
  });

  it("loses no lead while the Graph API is down: 500, then refused, then back, the lead arrives", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-02T01:15:00Z"));
    const { graph, runner } = await setUp([
      graphLead("120000000000006"),
      graphLead("120000000000007"),
    ]);
    graph.fail(500);
    expect((await post(notification("120000000000006", "120000000000007"))).status).toBe(200);
    expect(await runner.runOnce()).toBe(2);
    expect(await count("SELECT COUNT(*) AS n FROM leads")).toBe(0);

    // Half a minute later Graph refuses connections: tried again, still nothing.
    await graph.down();
    vi.setSystemTime(new Date("2026-03-02T01:15:30Z"));
    expect(await runner.runOnce()).toBe(2);
    expect(await count("SELECT COUNT(*) AS n FROM leads")).toBe(0);

    // A minute later it answers again: both leads arrive on the next try.
    await graph.up();
    graph.fail(null);
    vi.setSystemTime(new Date("2026-03-02T01:17:00Z"));
    expect(await runner.runOnce()).toBe(2);
    expect((await listLeads("anyang")).map((l) => l.idempotencyKey).sort()).toEqual([
      "meta:120000000000006",
      "meta:120000000000007",
    ]);
    expect(await count("SELECT COUNT(*) AS n FROM jobs WHERE status = 'done'")).toBe(2);
  });
});

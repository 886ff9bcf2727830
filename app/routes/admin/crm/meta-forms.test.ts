import { afterEach, describe, expect, it, vi } from "vitest";
import { upsertAdmin } from "~/auth/admin.server";
import { cookieOf, TEST_PASSWORD } from "~/auth/test-support";
import { engines, setTestEnv, useTestDb } from "~/db/test-support";
import { createMetaLeadRunner, queueMetaLeads } from "~/leads/meta-leads.server";
import { listLeads } from "~/leads/leads.server";
import { sampleGraphLead, startMetaStandIn } from "~/leads/meta-stand-in";
import { action, loader } from "./meta-forms";

/*
 * 채널 성과 → Meta 리드 양식 as the console posts it: a form's mapping saved or refused, and the
 * leads Meta named that could not be read shown with the reason, through the route's action and
 * loader.
 */

const HOST = "http://anyang.localhost";
const PATH = "/admin/channels/meta-forms";
const FORM_ID = "770011223344";

/** The action's answer to `fields` posted by `cookie`: a redirect's location, or the refusal's body. */
async function post(cookie: string, fields: Record<string, string>) {
  const request = new Request(`${HOST}${PATH}`, {
    method: "POST",
    headers: { cookie, origin: HOST },
    body: new URLSearchParams(fields),
  });
  const answer = (await action({ request, context: {}, params: {} } as never)) as unknown;
  if (answer instanceof Response)
    return { status: answer.status, location: answer.headers.get("location"), body: null };
  const d = answer as { data: { formError?: string }; init?: { status?: number } };
  return { status: d.init?.status ?? 200, location: null, body: d.data };
}

/** What the page shows at `search` ("?done=…"). */
async function page(cookie: string, search = "") {
  const request = new Request(`${HOST}${PATH}${search}`, { headers: { cookie } });
  const answer = (await loader({ request, context: {}, params: {} } as never)) as unknown as {
    data: Awaited<ReturnType<typeof loader>>["data"];
  };
  return answer.data;
}

describe.each(engines())("Meta 리드 양식 ($name)", (engine) => {
  const t = useTestDb(engine);
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await stop?.();
    stop = undefined;
  });

  async function agency() {
    await upsertAdmin("agency@example.com", TEST_PASSWORD);
    return cookieOf("agency@example.com", "anyang");
  }

  it("refuses a source a channel name cannot hold with its Korean message and saves nothing; a good one is saved", async () => {
    await t.db().run(
      `INSERT INTO meta_forms (site_id, form_id, name, questions, questions_from, mapping, updated_by, updated_at)
       VALUES ('anyang', $1, '안양 관심고객 양식', $2, 'graph', NULL, '', '2026-03-02T01:15:00.000Z')`,
      [
        FORM_ID,
        JSON.stringify([
          { key: "full_name", label: "이름", type: "FULL_NAME" },
          { key: "관심_평형", label: "관심 평형", type: "CUSTOM" },
        ]),
      ],
    );
    const cookie = await agency();
    const form = { formId: FORM_ID, q0: "name", q1: "ignore", campaign: "ad_name" };
    const stored = async () =>
      (await t.db().get<{ mapping: string | null }>("SELECT mapping FROM meta_forms"))?.mapping;

    expect(await post(cookie, { ...form, source: "meta<광고>" })).toEqual({
      status: 400,
      location: null,
      body: {
        ok: false,
        formId: FORM_ID,
        formError:
          "유입 경로에 쓸 수 없는 글자가 있습니다. 100자 이내의 글자, 숫자와 _ . - 같은 기호로 적어 주세요.",

        field: "source",
      },
    });
    expect(await stored()).toBeNull();
    expect(await post(cookie, { ...form, formId: "999", source: "meta" })).toMatchObject({
      status: 404,
      body: { formError: "이 단지에 그런 Meta 양식이 없습니다." },
    });
    expect(await stored()).toBeNull();

    expect(await post(cookie, { ...form, source: "Instagram" })).toEqual({
      status: 302,
      location: `${PATH}?done=saved#meta-form-${FORM_ID}`,
      body: null,
    });
    expect(JSON.parse((await stored())!)).toEqual({
      fields: { full_name: "name", 관심_평형: "ignore" },
      campaign: "ad_name",
      source: "instagram",
    });
  });

  it("shows a lead Graph refuses as being read again with Meta's reason, then as stopped after the last try, and reads it again on 다시 읽기", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-02T01:15:00Z"));
    const graph = await startMetaStandIn({ token: "EAAB-the-right-token" });
    stop = graph.close;
    setTestEnv({
      META_PAGE_TOKEN__ANYANG: "EAAB-an-expired-token",
      META_GRAPH_URL: graph.graphUrl,
    });
    const cookie = await agency();
    expect((await page(cookie)).trouble).toBeNull();

    await queueMetaLeads("anyang", [{ leadgenId: "120000000000001", formId: FORM_ID }]);
    const runner = createMetaLeadRunner();
    expect(await runner.runOnce()).toBe(1);
    expect((await page(cookie)).trouble).toEqual({
      retrying: 1,
      failed: 0,
      lastReason:
        "Meta에서 리드를 읽지 못했습니다 (페이지 토큰이 맞지 않거나 만료되었습니다). 잠시 뒤 다시 읽습니다.",
      lastAt: "2026-03-02T01:15:00.000Z",
    });

    // Tried again every two hours (past each back-off) until its 12 tries are used up.
    const hours = 22;
    for (let h = 2; h <= hours; h += 2) {
      vi.setSystemTime(new Date(Date.parse("2026-03-02T01:15:00Z") + h * 3_600_000));
      expect(await runner.runOnce()).toBe(1);
    }
    // Signed in again: the morning's session has lapsed by night.
    expect((await page(await agency())).trouble).toEqual({
      retrying: 0,
      failed: 1,
      lastReason:
        "Meta에서 리드를 12번 읽으려 했지만 읽지 못해 멈췄습니다 (페이지 토큰이 맞지 않거나 만료되었습니다).",
      lastAt: new Date(Date.parse("2026-03-02T01:15:00Z") + hours * 3_600_000).toISOString(),
    });

    // The token fixed, 다시 읽기 reads it again from the first try: the lead arrives.
    setTestEnv({ META_PAGE_TOKEN__ANYANG: "EAAB-the-right-token" });
    graph.addLead(sampleGraphLead("120000000000001", FORM_ID));
    const later = await agency();
    expect(await post(later, { intent: "retry" })).toEqual({
      status: 302,
      location: `${PATH}?done=retried`,
      body: null,
    });
    expect(await runner.runOnce()).toBe(1);
    expect((await listLeads("anyang")).map((l) => l.idempotencyKey)).toEqual([
      "meta:120000000000001",
    ]);
    expect(await page(later, "?done=retried")).toMatchObject({
      trouble: null,
      done: "멈춘 리드를 다시 읽기 시작했습니다.",
    });
  });
});

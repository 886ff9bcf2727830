import { afterEach, describe, expect, it } from "vitest";
import { loadSite, requireSite } from "~/sites/registry.server";
import { engines, setTestEnv, useTestDb } from "~/db/test-support";
import type { LeadForm } from "~/leads/lead-form";
import { createLead } from "~/leads/leads.server";
import { createOutboxWorker, listOutbox, MAX_ATTEMPTS } from "./outbox.server";
import type { SmsProvider } from "./sms.server";
import { startReceiver } from "./test-receiver";

const content = loadSite("sites/anyang");

const visit: LeadForm = {
  kind: "visit",
  name: "김분양",
  phone: "010-9876-5432",
  message: "",
  privacyConsent: true,
  smsConsent: true,
  visitSlot: null,
};
const meta = { ip: "203.0.113.9", source: "/" };
/** An inquiry causes no SMS: only the webhook row. */
const inquiry: LeadForm = { ...visit, kind: "inquiry", smsConsent: false };
const T0 = new Date("2026-04-01T00:00:00.000Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

describe.each(engines())("outbox delivery ($name)", (engine) => {
  const t = useTestDb(engine);
  const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];
  afterEach(async () => {
    for (const r of receivers.splice(0)) await r.close();
  });
  async function receiver(status = 200) {
    const r = await startReceiver(status);
    receivers.push(r);
    return r;
  }
  const attempts = () =>
    t.db().all<{
      attempt: number;
      ok: number;
      status_code: number | null;
      error: string | null;
      started_at: string;
    }>("SELECT attempt, ok, status_code, error, started_at FROM outbox_attempts ORDER BY attempt");

  it("posts the lead to the webhook and marks it delivered", async () => {
    const hook = await receiver(200);
    setTestEnv({ LEADS_WEBHOOK_URL: hook.url("/leads") });
    const created = await createLead(
      requireSite("anyang"),
      { ...inquiry, message: "주말 방문" },
      meta,
      T0,
    );

    expect(await createOutboxWorker().runOnce(T0)).toEqual({ delivered: 1, retried: 0, failed: 0 });

    expect(hook.requests).toHaveLength(1);
    expect(hook.requests[0]!.method).toBe("POST");
    expect(hook.requests[0]!.path).toBe("/leads");
    expect(hook.requests[0]!.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(hook.requests[0]!.body)).toMatchObject({
      id: (created as { id: string }).id,
      kind: "inquiry",
      name: "김분양",
      phone: "010-9876-5432",
      message: "주말 방문",
      privacy_consent: true,
      privacy_consent_version: content.privacy.consentVersion,
      sms_consent: false,
      sms_consent_at: null,
      source: "/",
      created_at: T0.toISOString(),
    });
    const [row] = await listOutbox("anyang");
    expect(row).toMatchObject({
      kind: "webhook",
      status: "delivered",
      attempts: 1,
      last_error: null,
    });
    expect((await attempts()).map((a) => a.ok)).toEqual([1]);

    // Nothing is sent twice.
    expect(await createOutboxWorker().runOnce(at(3600))).toEqual({
      delivered: 0,
      retried: 0,
      failed: 0,
    });
    expect(hook.requests).toHaveLength(1);
  });

  it("retries with back-off while the receiver fails or is down, then delivers once when it is back", async () => {
    const hook = await receiver(500);
    setTestEnv({ LEADS_WEBHOOK_URL: hook.url("/hook") });
    await createLead(requireSite("anyang"), inquiry, meta, T0);
    const worker = createOutboxWorker();

    // 1st attempt: the receiver answers 500.
    expect(await worker.runOnce(T0)).toEqual({ delivered: 0, retried: 1, failed: 0 });
    let [row] = await listOutbox("anyang");
    expect(row).toMatchObject({
      status: "pending",
      attempts: 1,
      next_attempt_at: at(30).toISOString(),
    });
    expect(row!.last_error).toContain("500");

    // Not due before the back-off has passed.
    expect(await worker.runOnce(at(29))).toEqual({ delivered: 0, retried: 0, failed: 0 });

    // 2nd attempt: the receiver is down (connection refused); the wait grows to 2 minutes.
    await hook.down();
    expect(await worker.runOnce(at(30))).toEqual({ delivered: 0, retried: 1, failed: 0 });
    [row] = await listOutbox("anyang");
    expect(row).toMatchObject({
      status: "pending",
      attempts: 2,
      next_attempt_at: at(30 + 120).toISOString(),
    });
    expect(row!.last_error).toMatch(/ECONNREFUSED|fetch failed/);
    expect(await worker.runOnce(at(149))).toEqual({ delivered: 0, retried: 0, failed: 0 });

    // 3rd attempt: back up and answering 200.
    hook.answer(200);
    await hook.up();
    expect(await worker.runOnce(at(150))).toEqual({ delivered: 1, retried: 0, failed: 0 });
    expect(await worker.runOnce(at(100_000))).toEqual({ delivered: 0, retried: 0, failed: 0 });

    expect(hook.requests.filter((r) => r.path === "/hook")).toHaveLength(2); // the 500 and the success
    const recorded = await attempts();
    expect(recorded.map((a) => [a.attempt, a.ok, a.status_code])).toEqual([
      [1, 0, 500],
      [2, 0, null],
      [3, 1, null],
    ]);
    expect(recorded.map((a) => a.started_at)).toEqual(
      [T0, at(30), at(150)].map((d) => d.toISOString()),
    );
    expect((await listOutbox("anyang"))[0]).toMatchObject({
      status: "delivered",
      attempts: 3,
      last_error: null,
    });
  });

  it(`gives up after ${MAX_ATTEMPTS} failed attempts and marks the row failed`, async () => {
    const hook = await receiver(503);
    setTestEnv({ LEADS_WEBHOOK_URL: hook.url() });
    await createLead(requireSite("anyang"), inquiry, meta, T0);
    const worker = createOutboxWorker();
    let clock = 0;
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      await worker.runOnce(at(clock));
      clock += 2 * 86_400; // later than any back-off
    }
    expect(hook.requests).toHaveLength(MAX_ATTEMPTS);
    expect((await listOutbox("anyang"))[0]).toMatchObject({
      status: "failed",
      attempts: MAX_ATTEMPTS,
    });
    expect(await attempts()).toHaveLength(MAX_ATTEMPTS);
  });

  it("sends the visit SMS through the HTTP gateway: the confirmation, and the promotion with consent", async () => {
    const gateway = await receiver(200);
    setTestEnv({
      SMS_GATEWAY_URL: gateway.url("/send"),
      SMS_GATEWAY_KEY: "secret-key",
      SMS_SENDER: "16000000",
    });
    await createLead(requireSite("anyang"), visit, meta, T0);

    expect(await createOutboxWorker().runOnce(T0)).toEqual({ delivered: 2, retried: 0, failed: 0 });
    expect(gateway.requests).toHaveLength(2);
    const bodies = gateway.requests.map((r) => {
      expect(r.headers.authorization).toBe("Bearer secret-key");
      return JSON.parse(r.body) as { to: string; from: string; text: string };
    });
    for (const body of bodies)
      expect(body).toMatchObject({ to: "010-9876-5432", from: "16000000" });
    const [ad, confirmation] = [
      bodies.find((b) => b.text.startsWith("(광고)")),
      bodies.find((b) => !b.text.includes("(광고)")),
    ];
    expect(ad?.text.endsWith(`무료수신거부 ${content.privacy.optOutNumber}`)).toBe(true);
    expect(confirmation?.text).toContain(content.identity.modelHouseAddress);
  });

  it("continues after a restart: a new worker on a new connection finishes what a dead one claimed", async () => {
    setTestEnv({ LEADS_DUPLICATE_WINDOW_SECONDS: "0" });
    await createLead(requireSite("anyang"), { ...visit, smsConsent: false }, meta, T0);
    await createLead(
      requireSite("anyang"),
      { ...visit, smsConsent: false, phone: "010-5555-6666" },
      meta,
      T0,
    );

    // The first process claims the rows and dies while the gateway call hangs.
    let claimed!: () => void;
    const claimedBoth = new Promise<void>((resolve) => (claimed = resolve));
    let calls = 0;
    const hanging: SmsProvider = {
      send: () => {
        if (++calls === 2) claimed();
        return new Promise<void>(() => {});
      },
    };
    void createOutboxWorker({ providers: { sms: hanging } }).runOnce(T0);
    await claimedBoth;

    // The restarted process: same database, new connection, new worker.
    const db = await t.reopen();
    const sent: string[] = [];
    const restarted = createOutboxWorker({
      db,
      providers: { sms: { send: async (to) => void sent.push(to) } },
    });
    expect(await restarted.runOnce(at(10))).toEqual({ delivered: 0, retried: 0, failed: 0 }); // still claimed
    expect(await restarted.runOnce(at(61))).toEqual({ delivered: 2, retried: 0, failed: 0 }); // claim expired
    expect(sent.sort()).toEqual(["010-5555-6666", "010-9876-5432"]);
    expect((await listOutbox("anyang", db)).map((r) => r.status)).toEqual([
      "delivered",
      "delivered",
    ]);
  });

  it("polls on its own once started, and stops cleanly", async () => {
    await createLead(requireSite("anyang"), { ...visit, smsConsent: false }, meta, new Date());
    const sent: string[] = [];
    const worker = createOutboxWorker({
      providers: { sms: { send: async (to) => void sent.push(to) } },
    });
    worker.start(20);
    await expect.poll(() => sent.length, { timeout: 5000 }).toBe(1);
    await worker.stop();
    expect((await listOutbox("anyang"))[0]).toMatchObject({ status: "delivered" });
  });

  it("holds promotional SMS between 21:00 and 08:00 Korean time; the confirmation goes at any hour", async () => {
    const sent: string[] = [];
    const worker = createOutboxWorker({
      providers: { sms: { send: async (_to, text) => void sent.push(text) } },
    });
    const kst = (iso: string) => new Date(`${iso}+09:00`);
    await createLead(requireSite("anyang"), visit, meta, kst("2026-04-01T22:30:00"));

    await worker.runOnce(kst("2026-04-01T22:30:00"));
    expect(sent.some((x) => x.startsWith("(광고)"))).toBe(false);
    expect(sent.filter((x) => !x.includes("(광고)"))).toHaveLength(1);

    await worker.runOnce(kst("2026-04-02T07:59:59"));
    expect(sent.some((x) => x.startsWith("(광고)"))).toBe(false);

    await worker.runOnce(kst("2026-04-02T08:00:00"));
    expect(sent.filter((x) => x.startsWith("(광고)"))).toHaveLength(1);
    expect(sent).toHaveLength(2);
  });
  it("delivers each complex's messages through its own webhook and SMS gateway, never the default key to another gateway", async () => {
    const hookA = await receiver(200);
    const hookB = await receiver(200);
    const smsA = await receiver(200);
    const smsB = await receiver(200);
    setTestEnv({
      LEADS_WEBHOOK_URL: hookA.url("/a"),
      LEADS_WEBHOOK_URL__SUWON: hookB.url("/b"),
      SMS_GATEWAY_URL: smsA.url("/sms"),
      SMS_GATEWAY_KEY: "default-key",
      SMS_SENDER: "0311110000",
      SMS_GATEWAY_URL__SUWON: smsB.url("/sms"),
      SMS_SENDER__SUWON: "0312220000",
    });
    await createLead(
      requireSite("anyang"),
      { ...visit, smsConsent: false, name: "안양고객" },
      meta,
      T0,
    );
    await createLead(
      requireSite("suwon"),
      { ...visit, smsConsent: false, name: "분당고객" },
      meta,
      T0,
    );

    expect((await listOutbox("anyang")).map((r) => r.site_id)).toEqual(["anyang", "anyang"]);
    expect((await listOutbox("suwon")).map((r) => r.site_id)).toEqual(["suwon", "suwon"]);
    expect(await createOutboxWorker().runOnce(T0)).toEqual({ delivered: 4, retried: 0, failed: 0 });

    const names = (r: { requests: { body: string }[] }) =>
      r.requests.map((q) => JSON.parse(q.body) as { name?: string; text?: string; from?: string });
    expect(names(hookA).map((p) => p.name)).toEqual(["안양고객"]);
    expect(JSON.parse(hookB.requests[0]!.body)).toMatchObject({ site_id: "suwon" });
    expect(names(hookB).map((p) => p.name)).toEqual(["분당고객"]);
    expect(names(smsA)).toMatchObject([{ from: "0311110000" }]);
    expect(names(smsA)[0]!.text).toContain("안양고객");
    expect(names(smsB)).toMatchObject([{ from: "0312220000" }]);
    expect(names(smsB)[0]!.text).toContain("분당고객");
    expect(smsA.requests[0]!.headers.authorization).toBe("Bearer default-key");
    expect(smsB.requests[0]!.headers.authorization).toBeUndefined();
  });

  it("counts a phone's daily SMS per complex", async () => {
    setTestEnv({ SMS_DAILY_LIMIT: "1", LEADS_DUPLICATE_WINDOW_SECONDS: "0" });
    await createLead(requireSite("anyang"), visit, meta, T0);
    await createLead(requireSite("anyang"), { ...visit, name: "김분양둘" }, meta, at(60));
    await createLead(requireSite("suwon"), visit, meta, at(120));
    const sms = async (siteId: string) =>
      (await listOutbox(siteId)).filter((r) => r.kind === "sms").length;
    expect(await sms("anyang")).toBe(1);
    expect(await sms("suwon")).toBe(1);
  });
});

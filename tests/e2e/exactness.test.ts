import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startReceiver } from "~/outbox/test-receiver";
import { ADMIN_ENV, PERSON_UA, adminFetch, postArticle, signInCookie } from "./support/admin";
import { uniquePhone } from "./support/http";
import {
  LOAD_TEST_TIMEOUT,
  STAFF_PHONE,
  expectOutboxFor,
  outboxRows,
  pollUnderLoad,
  postLead,
} from "./support/load";
import { TEST_PG, createThrowawayDatabase } from "./support/postgres";
import { startServer, type RunningServer } from "./support/server";

/*
 * Exact under load: N requests at once change the data exactly N times. On SQLite one server; on
 * PostgreSQL two app instances on one database, the requests spread over both, each instance's
 * outbox worker running, as behind a load balancer.
 */

const N = 50;

type Setup = { instances: RunningServer[]; receiver: Awaited<ReturnType<typeof startReceiver>> };

async function start(databaseUrl: string, count: number): Promise<Setup> {
  const receiver = await startReceiver();
  const env = {
    ...ADMIN_ENV,
    DATABASE_URL: databaseUrl,
    SMS_GATEWAY_URL: receiver.url("/sms"),
    LEADS_WEBHOOK_URL: receiver.url("/hook"),
    STAFF_ALERT_PHONES: STAFF_PHONE,
    OUTBOX_POLL_MS: "100",
    LEADS_RATE_LIMIT: "100000",
    LEADS_DUPLICATE_WINDOW_SECONDS: "0",
  };
  // One after the other: the first applies the migrations.
  const instances = [await startServer(env)];
  for (let i = 1; i < count; i++) instances.push(await startServer(env));
  return { instances, receiver };
}

const engines = [
  { name: "SQLite, one server", pg: false },
  { name: "PostgreSQL, two instances", pg: true },
] as const;

describe.each(engines)("$name", ({ pg }) => {
  let setup: Setup;
  let drop: (() => Promise<void>) | undefined;
  const on = (i: number) => setup.instances[i % setup.instances.length]!;

  beforeAll(async () => {
    if (pg && !TEST_PG) return;
    let url = "";
    if (pg) {
      const db = await createThrowawayDatabase("exact");
      url = db.url;
      drop = db.drop;
    }
    setup = await start(url, pg ? 2 : 1);
  });
  afterAll(async () => {
    for (const s of setup?.instances ?? []) await s.stop();
    await setup?.receiver.close();
    await drop?.();
  });

  test.skipIf(pg && !TEST_PG)(
    `${N} people opening one press article at once raise its view count by exactly ${N}`,
    async () => {
      const cookie = await signInCookie(on(0));
      const id = await postArticle(on(0), cookie, {
        title: "동시 조회",
        summary: "요약",
        body: "본문",
      });
      const views = async () => {
        const html = await (await fetch(`${on(0).url}/anyang/press/${id}`, {})).text();
        // A bot's user agent (fetch's own) does not count: reading the number changes nothing.
        return Number(/data-testid="press-views">([\d,]+)</.exec(html)![1]!.replace(/,/g, ""));
      };
      const before = await views();
      const answers = await Promise.all(
        Array.from({ length: N }, (_, i) =>
          fetch(`${on(i).url}/anyang/press/${id}`, { headers: { "User-Agent": PERSON_UA } }),
        ),
      );
      expect(answers.map((r) => r.status)).toEqual(Array(N).fill(200));
      expect(await views()).toBe(before + N);
    },
    LOAD_TEST_TIMEOUT,
  );

  test.skipIf(pg && !TEST_PG)(
    `${N} different people registering at once make exactly ${N} leads, each with its messages sent once`,
    async () => {
      const phones = Array.from({ length: N }, () => uniquePhone());
      const answers = await Promise.all(phones.map((phone, i) => postLead(on(i), phone)));
      expect(answers.filter((a) => a.status === 200 && a.acknowledged)).toHaveLength(N);

      const rows = (await outboxRows(on(0))).filter(
        (r) => phones.includes(r.recipient ?? "") || r.purpose === "staff" || r.kind === "webhook",
      );
      expectOutboxFor(rows, phones);

      // Every message reaches the gateway or the webhook exactly once, whichever worker sent it.
      await pollUnderLoad(async () =>
        (await outboxRows(on(0))).every((r) => r.status === "delivered"),
      ).toBe(true);
      const sms = setup.receiver.requests
        .filter((r) => r.path === "/sms")
        .map((r) => JSON.parse(r.body) as { to: string });
      const hooks = setup.receiver.requests
        .filter((r) => r.path === "/hook")
        .map((r) => JSON.parse(r.body) as { id: string });
      expect(
        sms
          .filter((m) => m.to !== STAFF_PHONE)
          .map((m) => m.to)
          .sort(),
      ).toEqual([...phones].sort());
      expect(sms.filter((m) => m.to === STAFF_PHONE)).toHaveLength(N);
      expect(new Set(hooks.map((h) => h.id)).size).toBe(N);
      expect(hooks).toHaveLength(N);
    },
    LOAD_TEST_TIMEOUT,
  );

  test.skipIf(!pg || !TEST_PG)(
    "an administrator signed in through one instance writes through the other, and signs out of both",
    async () => {
      const cookie = await signInCookie(on(0));
      const id = await postArticle(on(1), cookie, {
        title: "다른 인스턴스에서 작성",
        summary: "요약",
        body: "본문",
      });
      const list = await (await fetch(`${on(0).url}/anyang/press`)).text();
      expect(list).toContain("다른 인스턴스에서 작성");
      expect(id).toMatch(/^[a-z0-9]{12}$/);

      const form = new URLSearchParams({ intent: "logout" });
      const out = await adminFetch(on(1), cookie, "/admin/logout", { method: "POST", body: form });
      expect(out.status).toBeLessThan(400);
      const after = await adminFetch(on(0), cookie, "/admin/press");
      expect(after.status, "the session ended on the other instance too").toBe(302);
    },
  );

  test.skipIf(!pg || !TEST_PG)(
    "one phone's rate limit counts submissions on both instances together",
    async () => {
      const phone = uniquePhone();
      const statuses: number[] = [];
      // LEADS_PHONE_RATE_LIMIT is 5: alternate instances, different messages (no duplicates).
      for (let i = 0; i < 7; i++)
        statuses.push((await postLead(on(i), phone, { message: `문의 ${i}` })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    },
  );
});

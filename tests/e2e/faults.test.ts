import { createServer, connect, type Server, type Socket } from "node:net";
import { afterAll, describe, expect, test } from "vitest";
import { RESULT_MESSAGES } from "~/leads/lead-form";
import { startReceiver } from "~/outbox/test-receiver";
import { uniquePhone } from "./support/http";
import { exportLeads } from "./support/leads";
import {
  LOAD_TEST_TIMEOUT,
  STAFF_PHONE,
  expectOutboxFor,
  outboxRows,
  pollUnderLoad,
  postLead,
} from "./support/load";
import { TEST_PG, createThrowawayDatabase } from "./support/postgres";
import { freePort, startServer, type RunningServer } from "./support/server";

/*
 * Faults: the server killed in the middle of a lead load, and PostgreSQL going away and coming back
 * while the app runs (cut at a TCP proxy this test puts between them; the machine's PostgreSQL is
 * never touched). Acknowledged means the visitor saw the success message.
 */

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => undefined);
});

const engines = [
  { name: "SQLite", pg: false },
  { name: "PostgreSQL", pg: true },
] as const;

describe.each(engines)("on $name", ({ pg }) => {
  test.skipIf(pg && !TEST_PG)(
    "a server killed with SIGKILL in the middle of a lead load keeps every lead it acknowledged, and its outbox resumes after the restart",
    async () => {
      const receiver = await startReceiver();
      cleanup.push(() => receiver.close());
      let databaseUrl = "";
      if (pg) {
        const db = await createThrowawayDatabase("kill");
        cleanup.push(() => db.drop());
        databaseUrl = db.url;
      }
      const env = {
        DATABASE_URL: databaseUrl,
        SMS_GATEWAY_URL: receiver.url("/sms"),
        LEADS_WEBHOOK_URL: receiver.url("/hook"),
        STAFF_ALERT_PHONES: STAFF_PHONE,
        LEADS_RATE_LIMIT: "100000",
        LEADS_DUPLICATE_WINDOW_SECONDS: "0",
        // The worker does not run before the kill: every message is still to be sent after it.
        OUTBOX_POLL_MS: "600000",
      };
      const first = await startServer(env);

      // Ten visitors at a time keep registering until the server dies under them.
      const acknowledged: string[] = [];
      let dead = false;
      const visitor = async () => {
        while (!dead) {
          const phone = uniquePhone();
          try {
            const answer = await postLead(first, phone);
            if (answer.status === 200 && answer.acknowledged) acknowledged.push(phone);
          } catch {
            // the connection died with the server: not acknowledged
          }
        }
      };
      const load = Promise.all(Array.from({ length: 10 }, visitor));
      await pollUnderLoad(() => acknowledged.length >= 40).toBe(true);
      await first.stop("SIGKILL");
      dead = true;
      await load;

      const second = await startServer(
        { ...env, OUTBOX_POLL_MS: "100" },
        { dataDir: first.dataDir },
      );
      cleanup.push(() => second.stop());
      const stored = new Set((await exportLeads(second)).map((l) => l.연락처));
      expect(acknowledged.filter((p) => !stored.has(p))).toEqual([]);

      // Each stored lead has all its messages (one transaction), and the restarted worker sends them.
      const phones = [...stored];
      expectOutboxFor(await outboxRows(second), phones);
      await pollUnderLoad(async () =>
        (await outboxRows(second)).every((r) => r.status === "delivered"),
      ).toBe(true);
      const confirmed = receiver.requests
        .filter((r) => r.path === "/sms")
        .map((r) => (JSON.parse(r.body) as { to: string }).to)
        .filter((to) => to !== STAFF_PHONE);
      expect(confirmed.sort()).toEqual(phones.sort());
    },
    LOAD_TEST_TIMEOUT,
  );
});

/** A TCP proxy to PostgreSQL that can be cut (connections dropped, new ones refused) and restored. */
async function startDbProxy(target: URL) {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on("close", () => sockets.delete(s));
          s.on("error", () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, "127.0.0.1", () => resolve());
    });
  await listen();
  return {
    port,
    async cut() {
      const s = server;
      server = undefined;
      for (const socket of sockets) socket.destroy();
      if (s) await new Promise((resolve) => s.close(resolve));
    },
    restore: listen,
  };
}

describe.skipIf(!TEST_PG)("PostgreSQL unreachable while the app runs", () => {
  let server: RunningServer;
  let proxy: Awaited<ReturnType<typeof startDbProxy>>;

  test(
    "visitors get the Korean error page or the form's failure message with their input, and the app recovers by itself",
    async () => {
      const db = await createThrowawayDatabase("outage");
      cleanup.push(() => db.drop());
      proxy = await startDbProxy(new URL(db.url));
      const url = new URL(db.url);
      cleanup.push(() => proxy.cut());
      url.host = `127.0.0.1:${proxy.port}`;
      server = await startServer({
        DATABASE_URL: url.toString(),
        LEADS_RATE_LIMIT: "100000",
        OUTBOX_POLL_MS: "200",
      });
      cleanup.push(() => server.stop());

      const before = uniquePhone();
      expect((await postLead(server, before)).acknowledged).toBe(true);

      await proxy.cut();
      const noStackTrace = (html: string) => {
        expect(html).not.toMatch(/\n\s+at |Error:|ECONNREFUSED|node_modules/);
      };
      // A page that reads the database.
      const list = await fetch(`${server.url}/anyang/press`).catch((error) => {
        // The connection dropped: the server's output says why (it once crashed here).
        throw new Error(`no answer: ${error}\n${server.output()}`);
      });
      const listHtml = await list.text();
      expect(list.status).toBeGreaterThanOrEqual(500);
      expect(listHtml).toMatch(/[가-힣]/);
      noStackTrace(listHtml);

      // A registration: the failure message, the visitor's input kept in the form, never success.
      const during = uniquePhone();
      const res = await fetch(`${server.url}/register`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          kind: "visit",
          source: "/register",
          privacyConsent: "on",
          name: "장애중",
          phone: during,
          message: "연결이 끊긴 동안 보낸 문의",
        }),
      });
      const html = await res.text();
      expect(res.status).toBeGreaterThanOrEqual(500);
      expect(html).toContain(RESULT_MESSAGES.popup.failed);
      expect(html).not.toContain(RESULT_MESSAGES.popup.success);
      expect(html).toContain('value="장애중"');
      expect(html).toContain(`value="${during}"`);
      noStackTrace(html);
      // The popup's form has no message field; the customer page's inquiry keeps the message too.
      const inquiry = await fetch(`${server.url}/Promotion/Customer`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          source: "/Promotion/Customer",
          privacyConsent: "on",
          name: "장애중",
          phone: uniquePhone(),
          message: "연결이 끊긴 동안 보낸 문의",
        }),
      });
      const inquiryHtml = await inquiry.text();
      expect(inquiry.status).toBeGreaterThanOrEqual(500);
      expect(inquiryHtml).toContain(RESULT_MESSAGES.inquiry.failed);
      expect(inquiryHtml).not.toContain(RESULT_MESSAGES.inquiry.success);
      expect(inquiryHtml).toMatch(
        /<textarea[^>]*name="message"[^>]*>연결이 끊긴 동안 보낸 문의<\/textarea>/,
      );
      noStackTrace(inquiryHtml);
      // A prerendered page needs no database at all.
      expect((await fetch(`${server.url}/Brand/intro`)).status).toBe(200);

      await proxy.restore();
      // No restart: the next requests work again.
      await pollUnderLoad(async () => (await fetch(`${server.url}/anyang/press`)).status).toBe(200);
      const after = uniquePhone();
      expect((await postLead(server, after)).acknowledged).toBe(true);
      const stored = (await exportLeads(server)).map((l) => l.연락처);
      expect(stored).toContain(before);
      expect(stored).toContain(after);
      expect(stored, "the refused registration was not stored half-way").not.toContain(during);
    },
    LOAD_TEST_TIMEOUT,
  );
});

describe("a server held up past a connection's idle time", () => {
  test("still answers the request that came on the kept-alive connection meanwhile (no reset)", async () => {
    const server = await startServer();
    cleanup.push(() => server.stop());
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    // Once the start-up's work (compressing every page in the background) is over: the server is
    // waiting for requests when it is held up, as a quiet server is.
    await wait(3000);
    const socket = connect(server.port, "127.0.0.1");
    cleanup.push(async () => socket.destroy());
    let received = "";
    let error: string | undefined;
    socket.on("data", (d) => (received += String(d)));
    socket.on("error", (e: NodeJS.ErrnoException) => (error = e.code));
    const refused = `DELETE /FloorPlan/84A.data HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\n\r\nhello`;
    const answered = async () => {
      await expect.poll(() => received.includes("\r\n\r\n") || error).toBeTruthy();
      const status = received.split("\r\n")[0];
      received = "";
      return status;
    };

    socket.write(refused);
    expect(await answered()).toBe("HTTP/1.1 405 Method Not Allowed");
    // Idle 3.5 s, then the server is held up (a long render, a busy machine) for 3.5 s: the next
    // request arrives meanwhile, and the server resumes past Node's default 5 s idle time.
    await wait(3500);
    process.kill(server.pid, "SIGSTOP");
    try {
      await wait(500);
      socket.write(refused);
      await wait(3000);
    } finally {
      process.kill(server.pid, "SIGCONT");
    }
    expect(await answered()).toBe("HTTP/1.1 405 Method Not Allowed");
    expect(error).toBeUndefined();
  });
});

import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { PHONE_LABEL } from "~/lib/accounts";
import { kstDate, kstInstant } from "~/lib/korean-time";
import { ADMIN_ENV, adminFetch, poll, signInCookie, signInVia } from "./support/admin";
import { hydrated, launchBrowser, openPage } from "./support/browser";
import { clockEnv, setClock } from "./support/clock";
import { outboxRows } from "./support/load";
import { startServer, type RunningServer } from "./support/server";
import { withServerDb } from "./support/server-db";
import { content, siteId } from "./support/sites";

/*
 * The 09:00 digest on the built server, its clock moved to the next morning (support/clock.ts): an
 * agency administrator gives a consultant a mobile number on the account's page; a card of theirs is
 * due at 10:00 tomorrow; at 09:00:30 tomorrow the outbox holds the staff SMS to that number, listing
 * the card.
 */

let server: RunningServer;
let browser: Browser;
let clockDir: string;
let clockFile: string;

beforeAll(async () => {
  clockDir = mkdtempSync(join(tmpdir(), "site-clock-"));
  clockFile = join(clockDir, "offset");
  [server, browser] = await Promise.all([
    startServer({
      ...ADMIN_ENV,
      ...clockEnv(clockFile),
      CRM_DIGEST_POLL_MS: "300",
      OUTBOX_POLL_MS: "200",
      STAFF_ALERT_PHONES: "",
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

const CONSULTANT = { email: "morning@example.com", password: "consultant-password-1" };

test("a consultant with a phone gets the next morning's digest of their calls at 09:00, through the outbox", async () => {
  // The consultant's account, through the invitation link.
  const cookie = await signInCookie(server);
  const invited = await adminFetch(server, cookie, "/admin/accounts", {
    method: "POST",
    body: new URLSearchParams({
      intent: "invite",
      email: CONSULTANT.email,
      role: "consultant",
      sites: siteId,
    }),
  });
  const link = /\/admin\/invite\/[A-Za-z0-9_-]{43}/.exec(await invited.text())?.[0];
  expect(link).toBeTruthy();
  const accepted = await fetch(server.url + link!, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url },
    body: new URLSearchParams({ password: CONSULTANT.password, confirm: CONSULTANT.password }),
  });
  expect(accepted.status).toBe(302);
  const consultantId = await withServerDb(server, async (db) => {
    const row = await db.get<{ id: string }>("SELECT id FROM admins WHERE email = $1", [
      CONSULTANT.email,
    ]);
    return row!.id;
  });

  // The agency administrator types the consultant's number on the account's page.
  const { page, context } = await openPage(browser, "desktop");
  try {
    await signInVia(page, server, `/admin/accounts/${consultantId}`);
    await hydrated(page);
    await page.getByLabel(PHONE_LABEL).fill("010 9876 5432");
    await page.getByRole("button", { name: "저장", exact: true }).click();
    await page.waitForURL((u) => u.pathname === "/admin/accounts");
    const row = page.getByRole("row").filter({ hasText: CONSULTANT.email });
    await poll(() => row.textContent()).toContain("010-9876-5432");
  } finally {
    await context.close();
  }

  // A card of theirs, to call tomorrow at 10:00 Korean time (the desk makes these; not yet here).
  const tomorrow = kstDate(new Date(Date.now() + 24 * 60 * 60 * 1000));
  await withServerDb(server, (db) =>
    db.run(
      `INSERT INTO customers (id, site_id, phone, name, status, source, consultant_id,
         next_contact_at, first_at, last_at, created_at)
       VALUES ($1, $2, '010-5555-0101', '내일고객', 'counseling', 'direct', $3, $4, $5, $5, $5)`,
      [
        randomUUID(),
        siteId,
        consultantId,
        kstInstant(tomorrow, "10:00").toISOString(),
        new Date().toISOString(),
      ],
    ),
  );
  const digests = async () =>
    (await outboxRows(server)).filter(
      (r) => r.purpose === "staff" && r.recipient === "010-9876-5432",
    );
  // Today it is not due: nothing after a few of the job's rounds.
  await new Promise((r) => setTimeout(r, 1000));
  expect(await digests()).toEqual([]);

  // Tomorrow, 09:00:30: the digest, once.
  setClock(clockFile, new Date(kstInstant(tomorrow, "09:00").getTime() + 30_000));
  await poll(async () => (await digests()).length).toBe(1);
  const [digest] = await digests();
  expect(digest!.lead_id).toBeNull();
  expect((JSON.parse(digest!.payload) as { text: string }).text).toBe(
    [
      `[${content.identity.name}] 오늘 연락할 고객 1명`,
      "10:00 내일고객 010-5555-0101",
      `상담 접수 관리: ${server.url}/admin/leads`,
    ].join("\n"),
  );
  await withServerDb(server, async (db) => {
    expect(await db.all("SELECT day, due FROM crm_digests")).toEqual([{ day: tomorrow, due: 1 }]);
  });
  await new Promise((r) => setTimeout(r, 700));
  expect(await digests()).toHaveLength(1);
}, 90_000);

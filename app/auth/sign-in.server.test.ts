import { describe, expect, it, vi } from "vitest";
import { engines, setTestEnv, useTestDb } from "~/db/test-support";
import { AUTH_MESSAGES } from "~/lib/auth";
import { upsertAdmin } from "./admin.server";
import { getAdmin, isSameOrigin, refuseOtherSitesAdmin, requireAdmin } from "./guards.server";
import * as password from "./password.server";
import {
  adminSessionOf,
  destroySession,
  getSession,
  sessionCookieName,
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
} from "./session.server";
import { purgeExpiredLeads } from "~/leads/retention.server";
import { signIn } from "./sign-in.server";

const EMAIL = "admin@example.com";
const PASSWORD = "correct-horse-battery";
const T0 = new Date("2026-03-01T00:00:00.000Z");
const later = (ms: number) => new Date(T0.getTime() + ms);
const meta = { ip: "203.0.113.9" };

/** A request carrying the cookie a Set-Cookie header set. */
const withCookie = (setCookie: string, url = "http://localhost:3000/admin") =>
  new Request(url, { headers: { cookie: setCookie.split(";")[0]! } });

describe.each(engines())("administrator sign-in and sessions ($name)", (engine) => {
  const t = useTestDb(engine);

  it("signs in with the right password; the cookie holds only a random id, and the table only its hash", async () => {
    await upsertAdmin(EMAIL, PASSWORD);
    const result = await signIn(
      "anyang",
      { email: " Admin@Example.com ", password: PASSWORD },
      meta,
      T0,
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.setCookie).toMatch(
      /^admin_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200$/,
    );
    const token = /=([^;]+)/.exec(result.setCookie)![1]!;
    const rows = await t.db().all<{ id: string }>("SELECT id FROM admin_sessions");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toContain(token);
    expect(await getSession(withCookie(result.setCookie), later(1000))).toMatchObject({
      email: EMAIL,
    });
  });

  it("answers a wrong password and an unknown account with the same message, both checked against a hash", async () => {
    await upsertAdmin(EMAIL, PASSWORD);
    const verify = vi.spyOn(password, "verifyPassword");
    const wrong = await signIn("anyang", { email: EMAIL, password: "wrong-password" }, meta, T0);
    const unknown = await signIn(
      "anyang",
      { email: "nobody@example.com", password: "wrong-password" },
      meta,
      T0,
    );
    expect(wrong).toEqual({ ok: false, message: AUTH_MESSAGES.wrong, status: 401 });
    expect(unknown).toEqual(wrong);
    expect(AUTH_MESSAGES.wrong.startsWith("로그인 실패: ")).toBe(true);
    // The unknown account also cost one scrypt comparison (against the dummy hash).
    expect(verify).toHaveBeenCalledTimes(2);
    verify.mockRestore();
    expect(await signIn("anyang", { email: "", password: "" }, meta, T0)).toMatchObject({
      ok: false,
      message: AUTH_MESSAGES.missing,
    });
  });

  it("an address that fails five times for an account locks out only itself: the administrator signs in from another address", async () => {
    await upsertAdmin(EMAIL, PASSWORD);
    const attacker = { ip: "198.51.100.66" };
    for (let i = 0; i < 5; i++) {
      expect(
        await signIn("anyang", { email: EMAIL, password: `wrong-${i}` }, attacker, T0),
      ).toMatchObject({ status: 401 });
    }
    // The attacker goes on (as many times as they like): refused, and told when to try again.
    for (let i = 0; i < 200; i++) {
      expect(
        await signIn("anyang", { email: EMAIL, password: `guess-${i}` }, attacker, later(1000)),
      ).toEqual({
        ok: false,
        status: 429,
        message: "로그인 실패: 시도가 너무 많습니다. 15분 뒤에 다시 시도해 주세요.",
        retryAfterSeconds: 15 * 60 - 1,
      });
    }
    // Even the right password waits there.
    expect(
      await signIn("anyang", { email: EMAIL, password: PASSWORD }, attacker, later(2000)),
    ).toMatchObject({ ok: false, status: 429 });
    // The administrator, at another address, signs in meanwhile; the attacker is still locked out.
    expect(
      await signIn("anyang", { email: EMAIL, password: PASSWORD }, meta, later(3000)),
    ).toMatchObject({ ok: true });
    expect(
      await signIn("anyang", { email: EMAIL, password: "nope" }, attacker, later(4000)),
    ).toMatchObject({ status: 429 });
    // Once the window has passed, the attacker's address counts again from one.
    expect(
      await signIn("anyang", { email: EMAIL, password: "nope" }, attacker, later(16 * 60_000)),
    ).toMatchObject({ status: 401 });
  });

  it("105 wrong passwords for one e-mail from 21 addresses do not lock its owner out: the right password from a fresh address signs in", async () => {
    await upsertAdmin(EMAIL, PASSWORD);
    // Wrong passwords, answered fast (no scrypt): 5 from each of 21 addresses, as in issue 38.
    const verify = vi.spyOn(password, "verifyPassword").mockResolvedValue(false);
    const statuses: number[] = [];
    try {
      for (let i = 0; i < 105; i++) {
        const address = { ip: `10.1.0.${Math.floor(i / 5)}` };
        const r = await signIn("anyang", { email: EMAIL, password: `guess-${i}` }, address, T0);
        statuses.push(r.ok ? 200 : r.status);
      }
    } finally {
      verify.mockRestore();
    }
    // The leads' retention job runs in between (it prunes old counters).
    await purgeExpiredLeads("anyang", later(20 * 60_000));
    // Ten minutes on, the administrator at an address that has not failed: signed in.
    expect(
      await signIn("anyang", { email: EMAIL, password: PASSWORD }, meta, later(10 * 60_000)),
    ).toMatchObject({ ok: true, email: EMAIL });
    // Past the ceiling (100), the 21st address had its first guess checked and waited after it.
    expect(statuses).toEqual([...Array<number>(101).fill(401), 429, 429, 429, 429]);
  });

  it("past the e-mail's ceiling of 100 failures an hour, guessing is slowed: each address gets one attempt at it per 15 minutes", async () => {
    await upsertAdmin(EMAIL, PASSWORD);
    const verify = vi.spyOn(password, "verifyPassword").mockResolvedValue(false);
    try {
      for (let i = 0; i < 100; i++) {
        const r = await signIn(
          i % 2 ? "anyang" : "suwon",
          { email: EMAIL, password: `guess-${i}` },
          { ip: `10.2.0.${Math.floor(i / 5)}` },
          T0,
        );
        expect(r).toMatchObject({ status: 401 });
      }
      // A fresh address: its first guess is checked, its second waits for the pair's window.
      const fresh = { ip: "10.3.0.1" };
      expect(
        await signIn("anyang", { email: EMAIL, password: "guess-a" }, fresh, later(60_000)),
      ).toMatchObject({ status: 401 });
      expect(
        await signIn("anyang", { email: EMAIL, password: "guess-b" }, fresh, later(120_000)),
      ).toEqual({
        ok: false,
        status: 429,
        message: "로그인 실패: 시도가 너무 많습니다. 14분 뒤에 다시 시도해 주세요.",
        retryAfterSeconds: 14 * 60,
      });
      // Below the ceiling (another e-mail), the same address's second guess is checked.
      expect(
        await signIn("anyang", { email: "other@example.com", password: "x" }, fresh, later(1)),
      ).toMatchObject({ status: 401 });
      expect(
        await signIn("anyang", { email: "other@example.com", password: "y" }, fresh, later(2)),
      ).toMatchObject({ status: 401 });
    } finally {
      verify.mockRestore();
    }
  });

  it("counts an IPv6 client by its /64: a fresh address per guess gets five guesses in all, and past the e-mail's ceiling none", async () => {
    await upsertAdmin(EMAIL, PASSWORD);
    const verify = vi.spyOn(password, "verifyPassword").mockResolvedValue(false);
    const inNetwork = (n: number) => ({ ip: `2001:db8:66:1:${n.toString(16)}::1` });
    try {
      // One /64, a new address for each guess: five are checked, the sixth waits.
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const r = await signIn("anyang", { email: EMAIL, password: `g-${i}` }, inNetwork(i), T0);
        statuses.push(r.ok ? 200 : r.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      // The e-mail past its ceiling of 100 failures (19 more networks of five guesses each).
      for (let i = 0; i < 95; i++) {
        const network = { ip: `2001:db8:${100 + Math.floor(i / 5)}:1::${(i % 5) + 1}` };
        expect(
          await signIn("anyang", { email: EMAIL, password: `h-${i}` }, network, T0),
        ).toMatchObject({ status: 401 });
      }
      // A network that has tried the e-mail gets no guess from a fresh address once the window ends…
      const late = later(16 * 60_000);
      expect(
        await signIn("anyang", { email: EMAIL, password: "a" }, { ip: "2001:db8:100:1::99" }, late),
      ).toMatchObject({ status: 401 });
      for (let i = 0; i < 20; i++)
        expect(
          await signIn("anyang", { email: EMAIL, password: `b-${i}` }, inNetwork(1000 + i), late),
        ).toMatchObject({ status: i === 0 ? 401 : 429 });
    } finally {
      verify.mockRestore();
    }
    // …while the right password from a /64 that has not failed signs in.
    expect(
      await signIn(
        "anyang",
        { email: EMAIL, password: PASSWORD },
        { ip: "2001:db8:77:1::5" },
        later(17 * 60_000),
      ),
    ).toMatchObject({ ok: true });
  });

  it("counts an IPv4 client seen as IPv4-mapped IPv6 (::ffff:a.b.c.d) as the same address", async () => {
    await upsertAdmin(EMAIL, PASSWORD);
    for (let i = 0; i < 5; i++)
      expect(
        await signIn(
          "anyang",
          { email: EMAIL, password: `wrong-${i}` },
          { ip: i % 2 ? "::ffff:198.51.100.4" : "198.51.100.4" },
          T0,
        ),
      ).toMatchObject({ status: 401 });
    expect(
      await signIn(
        "anyang",
        { email: EMAIL, password: "wrong" },
        { ip: "::ffff:198.51.100.4" },
        T0,
      ),
    ).toMatchObject({ status: 429 });
  });

  it("successes count toward no limit: twelve sign-ins from one address, then five typos are still answered, the sixth waits", async () => {
    await upsertAdmin(EMAIL, PASSWORD);
    for (let i = 0; i < 12; i++)
      expect(
        await signIn("anyang", { email: EMAIL, password: PASSWORD }, meta, later(i)),
      ).toMatchObject({ ok: true });
    for (let i = 0; i < 5; i++)
      expect(
        await signIn("anyang", { email: EMAIL, password: "typo" }, meta, later(100 + i)),
      ).toMatchObject({ status: 401 });
    expect(
      await signIn("anyang", { email: EMAIL, password: PASSWORD }, meta, later(200)),
    ).toMatchObject({ status: 429 });
    // What is stored: the five failures, for the address and for the e-mail; no success.
    const counts = await t
      .db()
      .all<{ key: string; count: number }>("SELECT key, count FROM rate_limits ORDER BY key");
    expect(counts.map((r) => [r.key, Number(r.count)])).toEqual([
      [`signin:account:${EMAIL}`, 5],
      [`signin:address:${meta.ip}`, 5],
      [`signin:pair:${meta.ip} ${EMAIL}`, 6],
    ]);
  });

  it("counts the same whichever complex's sign-in page is used: one account, one set of counters", async () => {
    await upsertAdmin(EMAIL, PASSWORD);
    const pages = ["anyang", "suwon", "bundang", "pangyo", "anyang"];
    for (const [i, siteId] of pages.entries())
      expect(
        await signIn(siteId, { email: EMAIL, password: `wrong-${i}` }, meta, T0),
      ).toMatchObject({ status: 401 });
    // The sixth from this address, on a complex it has not tried yet: refused, the right password too.
    expect(await signIn("gwacheon", { email: EMAIL, password: PASSWORD }, meta, T0)).toMatchObject({
      ok: false,
      status: 429,
    });
    // Spraying accounts across complexes: the address's eleventh failure is refused wherever.
    const sprayer = { ip: "198.51.100.7" };
    for (let i = 0; i < 10; i++)
      expect(
        await signIn(
          i % 2 ? "anyang" : "suwon",
          { email: `user${i}@example.com`, password: "x" },
          sprayer,
          T0,
        ),
      ).toMatchObject({ status: 401 });
    expect(
      await signIn("bundang", { email: "user10@example.com", password: "x" }, sprayer, T0),
    ).toMatchObject({ status: 429 });
    const sites = await t.db().all<{ site_id: string }>("SELECT DISTINCT site_id FROM rate_limits");
    expect(sites).toEqual([{ site_id: "*" }]);
  });

  it("counts again after a success: the address's failures in a row, not its attempts", async () => {
    await upsertAdmin(EMAIL, PASSWORD);
    for (let i = 0; i < 4; i++)
      await signIn("anyang", { email: EMAIL, password: "typo" }, meta, T0);
    expect(await signIn("anyang", { email: EMAIL, password: PASSWORD }, meta, T0)).toMatchObject({
      ok: true,
    });
    for (let i = 0; i < 5; i++) {
      expect(await signIn("anyang", { email: EMAIL, password: "nope" }, meta, T0)).toMatchObject({
        status: 401,
      });
    }
  });

  it("throttles one address trying many accounts", async () => {
    const results = [];
    for (let i = 0; i < 11; i++)
      results.push(
        await signIn("anyang", { email: `user${i}@example.com`, password: "x" }, meta, T0),
      );
    expect(results.slice(0, 10).every((r) => !r.ok && r.status === 401)).toBe(true);
    expect(results[10]).toMatchObject({ ok: false, status: 429 });
  });

  it("ends a session after 2 hours without a request, after 12 hours in any case, and at sign-out", async () => {
    await upsertAdmin(EMAIL, PASSWORD);
    const signed = await signIn("anyang", { email: EMAIL, password: PASSWORD }, meta, T0);
    if (!signed.ok) throw new Error("sign-in");
    const request = withCookie(signed.setCookie);
    // Used every 90 minutes: alive until the absolute limit.
    for (let m = 90; m < SESSION_MAX_MS / 60_000; m += 90) {
      expect(await getSession(request, later(m * 60_000))).not.toBeNull();
    }
    expect(await getSession(request, later(SESSION_MAX_MS))).toBeNull();
    expect(await t.db().all("SELECT id FROM admin_sessions")).toEqual([]);

    const idle = await signIn("anyang", { email: EMAIL, password: PASSWORD }, meta, T0);
    if (!idle.ok) throw new Error("sign-in");
    expect(await getSession(withCookie(idle.setCookie), later(SESSION_IDLE_MS + 1))).toBeNull();

    const out = await signIn("anyang", { email: EMAIL, password: PASSWORD }, meta, T0);
    if (!out.ok) throw new Error("sign-in");
    expect(await destroySession(withCookie(out.setCookie))).toMatch(/^admin_session=; .*Max-Age=0/);
    expect(await getSession(withCookie(out.setCookie), later(1000))).toBeNull();
    expect(await t.db().all("SELECT id FROM admin_sessions")).toEqual([]);
  });

  it("names the cookie __Host- and marks it Secure when the site is https", async () => {
    setTestEnv({ SITE_URL: "https://bunyang.example" });
    await upsertAdmin(EMAIL, PASSWORD);
    const r = await signIn("anyang", { email: EMAIL, password: PASSWORD }, meta, T0);
    if (!r.ok) throw new Error("sign-in");
    expect(sessionCookieName()).toBe("__Host-admin_session");
    expect(r.setCookie).toMatch(
      /^__Host-admin_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200; Secure$/,
    );
    // A cookie without the prefix (set by a subdomain or over http) is not read.
    const plain = r.setCookie.replace("__Host-admin_session", "admin_session");
    expect(
      await getSession(withCookie(plain, "https://bunyang.example/admin"), later(1)),
    ).toBeNull();
  });

  it("sends a signed-out request to the sign-in page, remembering where it was going", async () => {
    const thrown = await requireAdmin(
      new Request("http://localhost:3000/admin/leads.data?status=new"),
      "anyang",
    ).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe(
      `/admin/login?redirectTo=${encodeURIComponent("/admin/leads?status=new")}`,
    );
  });

  it("signs an administrator of named complexes in only there; elsewhere with the message of a wrong password", async () => {
    await upsertAdmin("bundang@example.com", PASSWORD, { sites: ["bundang", "pangyo"] });
    const elsewhere = await signIn(
      "anyang",
      { email: "bundang@example.com", password: PASSWORD },
      meta,
      T0,
    );
    const wrong = await signIn("anyang", { email: EMAIL, password: "wrong-password" }, meta, T0);
    expect(elsewhere).toEqual({ ok: false, message: AUTH_MESSAGES.wrong, status: 401 });
    expect(wrong).toEqual(elsewhere);
    for (const siteId of ["bundang", "pangyo"])
      expect(
        await signIn(siteId, { email: "bundang@example.com", password: PASSWORD }, meta, T0),
      ).toMatchObject({ ok: true });
  });

  it("answers an administrator of other complexes 404 on this complex's guards, as for a page that does not exist", async () => {
    await upsertAdmin("bundang@example.com", PASSWORD, { sites: ["bundang"] });
    await upsertAdmin(EMAIL, PASSWORD);
    const signedIn = async (email: string, siteId: string) => {
      // Now: the guards read the session at the present time.
      const r = await signIn(siteId, { email, password: PASSWORD }, meta, new Date());
      if (!r.ok) throw new Error(r.message);
      return withCookie(r.setCookie);
    };
    const theirs = await signedIn("bundang@example.com", "bundang");
    const everywhere = await signedIn(EMAIL, "anyang");
    const status = (e: unknown) =>
      e instanceof Response ? e.status : (e as { init?: { status?: number } }).init?.status;

    // The complex administrator's cookie, sent to anyang: 404, never a sign-in redirect.
    expect(status(await requireAdmin(theirs, "anyang").catch((e: unknown) => e))).toBe(404);
    expect(status(await refuseOtherSitesAdmin(theirs, "anyang").catch((e: unknown) => e))).toBe(
      404,
    );
    expect(await getAdmin(theirs, "anyang")).toBeNull();
    // On their own complex they pass.
    expect(await requireAdmin(theirs, "bundang")).toMatchObject({
      email: "bundang@example.com",
      sites: ["bundang"],
    });
    // The administrator for every complex passes on any.
    for (const siteId of ["anyang", "bundang", "pangyo"]) {
      expect(await requireAdmin(everywhere, siteId)).toMatchObject({ email: EMAIL, sites: "*" });
      await expect(refuseOtherSitesAdmin(everywhere, siteId)).resolves.toBeUndefined();
    }
    // Narrowed later (npm run admin -- set-password --site), an open session loses the complex.
    await upsertAdmin(EMAIL, PASSWORD, { sites: ["pangyo"] });
    expect(status(await requireAdmin(everywhere, "anyang").catch((e: unknown) => e))).toBe(404);
  });

  it("tells the HTTP server, from a cookie alone, whose session it is and whether their role may post a large body (a 상담원's may not)", async () => {
    const cookies: Record<string, string> = {};
    for (const role of ["agency", "editor", "consultant"] as const) {
      const email = `${role}@example.com`;
      await upsertAdmin(email, PASSWORD, role === "agency" ? {} : { role, sites: ["anyang"] });
      const r = await signIn("anyang", { email, password: PASSWORD }, meta);
      if (!r.ok) throw new Error(r.message);
      cookies[role] = r.setCookie.split(";")[0]!;
    }
    const ids = Object.fromEntries(
      (await t.db().all<{ id: string; email: string }>("SELECT id, email FROM admins")).map((a) => [
        a.email.split("@")[0],
        a.id,
      ]),
    );
    expect(await adminSessionOf(cookies.agency)).toEqual({
      accountId: ids.agency,
      mayUpload: true,
    });
    expect(await adminSessionOf(cookies.editor)).toEqual({
      accountId: ids.editor,
      mayUpload: true,
    });
    expect(await adminSessionOf(cookies.consultant)).toEqual({
      accountId: ids.consultant,
      mayUpload: false,
    });
    expect(await adminSessionOf(undefined)).toBeNull();
    expect(await adminSessionOf(`admin_session=${"x".repeat(43)}`)).toBeNull();
  });
});

describe("cross-site check of state-changing requests", () => {
  const post = (headers: Record<string, string>) =>
    new Request("http://localhost:3000/admin/leads", { method: "POST", headers });

  it("accepts a same-origin form post", () => {
    expect(
      isSameOrigin(post({ "sec-fetch-site": "same-origin", origin: "http://localhost:3000" })),
    ).toBe(true);
    expect(isSameOrigin(post({ origin: "http://localhost:3000" }))).toBe(true);
  });

  it.each<Record<string, string>>([
    { "sec-fetch-site": "cross-site", origin: "https://evil.example" },
    { "sec-fetch-site": "same-site", origin: "http://localhost:4000" },
    { origin: "https://evil.example" },
    { origin: "null" },
    { "sec-fetch-site": "same-origin", origin: "https://evil.example" },
    {},
  ])("refuses %j", (headers) => {
    expect(isSameOrigin(post(headers))).toBe(false);
  });
});

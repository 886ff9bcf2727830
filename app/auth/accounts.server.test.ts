import { describe, expect, it } from "vitest";
import { engines, useTestDb } from "~/db/test-support";
import { ACCOUNT_MESSAGES } from "~/lib/accounts";
import { AUTH_MESSAGES } from "~/lib/auth";
import { ALL_SITES } from "~/lib/sites";
import {
  acceptInvitation,
  changeAccount,
  createInvitation,
  getAccount,
  INVITATION_MS,
  listPendingInvitations,
  readInvitation,
  revokeInvitation,
  setAccountDisabled,
} from "./accounts.server";
import { upsertAdmin } from "./admin.server";
import { getSession } from "./session.server";
import { signIn } from "./sign-in.server";
import { TEST_PASSWORD } from "./test-support";

const T0 = new Date("2026-03-01T00:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const meta = { ip: "203.0.113.9" };
const NEW_PASSWORD = "a-new-long-password";

const withCookie = (setCookie: string, url = "http://suwon.localhost/admin") =>
  new Request(url, { headers: { cookie: setCookie.split(";")[0]! } });

describe.each(engines())("accounts and invitations ($name)", (engine) => {
  const t = useTestDb(engine);

  async function agency(email = "agency@example.com") {
    await upsertAdmin(email, TEST_PASSWORD, { role: "agency" });
    return (await t.db().get<{ id: string }>("SELECT id FROM admins WHERE email = $1", [email]))!
      .id;
  }
  const idOf = async (email: string) =>
    (await t.db().get<{ id: string }>("SELECT id FROM admins WHERE email = $1", [email]))!.id;

  async function invite(
    role: "agency" | "editor" | "consultant" = "consultant",
    email = "call@example.com",
  ) {
    const by = await agency();
    const made = await createInvitation(
      { email, role, sites: role === "agency" ? [] : ["suwon"] },
      by,
      T0,
    );
    if (!made.ok) throw new Error(made.message);
    return made;
  }

  it("an invitation link makes its account once, with the invitation's role and complexes, and signs it in", async () => {
    const { token, invitation } = await invite();
    expect(invitation).toMatchObject({
      email: "call@example.com",
      role: "consultant",
      sites: ["suwon"],
      createdBy: "agency@example.com",
      expiresAt: at(INVITATION_MS).toISOString(),
    });
    // Only the token's SHA-256 is kept.
    const stored = await t.db().all<Record<string, unknown>>("SELECT * FROM admin_invitations");
    expect(JSON.stringify(stored)).not.toContain(token);

    expect(await readInvitation(token, at(1000))).toMatchObject({ state: "valid" });
    const accepted = await acceptInvitation(token, NEW_PASSWORD, meta, at(1000));
    if (!accepted.ok) throw new Error(accepted.state);
    expect(accepted).toMatchObject({ email: "call@example.com", role: "consultant" });
    expect(await getSession(withCookie(accepted.setCookie), at(2000))).toMatchObject({
      email: "call@example.com",
      role: "consultant",
      sites: ["suwon"],
    });
    expect(await getAccount(accepted.adminId)).toMatchObject({
      role: "consultant",
      sites: ["suwon"],
      lastSignInAt: at(1000).toISOString(),
    });
    const signedIn = await signIn(
      "suwon",
      { email: "call@example.com", password: NEW_PASSWORD },
      meta,
      at(3000),
    );
    expect(signedIn).toMatchObject({ ok: true });

    // The same link again: used, and nothing more is made.
    expect(await readInvitation(token, at(4000))).toEqual({ state: "used" });
    expect(await acceptInvitation(token, "another-long-password", meta, at(4000))).toEqual({
      ok: false,
      state: "used",
    });
    expect(await listPendingInvitations(at(4000))).toEqual([]);
    expect(
      await t.db().get<{
        n: number;
      }>("SELECT COUNT(*) AS n FROM admins WHERE email = $1", ["call@example.com"]),
    ).toEqual({ n: 1 });
  });

  it("a link sent twice at the same moment makes one account", async () => {
    const { token } = await invite();
    const both = await Promise.all([
      acceptInvitation(token, NEW_PASSWORD, meta, at(1000)),
      acceptInvitation(token, "other-long-password", meta, at(1000)),
    ]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.find((r) => !r.ok)).toEqual({ ok: false, state: "used" });
  });

  it("a link expires after 7 days", async () => {
    const { token } = await invite();
    expect(await readInvitation(token, at(INVITATION_MS - 1))).toMatchObject({ state: "valid" });
    expect(await readInvitation(token, at(INVITATION_MS))).toEqual({ state: "expired" });
    expect(await acceptInvitation(token, NEW_PASSWORD, meta, at(INVITATION_MS + 1))).toEqual({
      ok: false,
      state: "expired",
    });
    expect(await listPendingInvitations(at(INVITATION_MS))).toEqual([]);
  });

  it("a withdrawn link, a replaced link and a made-up one are unknown", async () => {
    const first = await invite();
    const by = await idOf("agency@example.com");
    const second = await createInvitation(
      { email: "call@example.com", role: "editor", sites: ["suwon"] },
      by,
      at(10),
    );
    if (!second.ok) throw new Error(second.message);
    expect(await readInvitation(first.token, at(20))).toEqual({ state: "unknown" });
    expect((await listPendingInvitations(at(20))).map((i) => i.role)).toEqual(["editor"]);
    expect(await revokeInvitation(second.invitation.id)).toBe(true);
    expect(await readInvitation(second.token, at(30))).toEqual({ state: "unknown" });
    expect(await readInvitation("x".repeat(43), at(30))).toEqual({ state: "unknown" });
    expect(await readInvitation("../../etc", at(30))).toEqual({ state: "unknown" });
  });

  it("refuses to invite an e-mail that has an account", async () => {
    const by = await agency();
    expect(
      await createInvitation(
        { email: "agency@example.com", role: "editor", sites: ["suwon"] },
        by,
        T0,
      ),
    ).toEqual({ ok: false, field: "email", message: ACCOUNT_MESSAGES.emailTaken });
  });

  it("an invitation whose e-mail got an account meanwhile (the command line) makes nothing and stays unused", async () => {
    const { token } = await invite();
    await upsertAdmin("call@example.com", TEST_PASSWORD, { sites: ["suwon"] });
    expect(await acceptInvitation(token, NEW_PASSWORD, meta, at(1000))).toEqual({
      ok: false,
      state: "exists",
    });
    expect(await readInvitation(token, at(1000))).toMatchObject({ state: "valid" });
  });

  it("a disabled account cannot sign in and its sessions end at once; enabled, it signs in again", async () => {
    const by = await agency();
    await upsertAdmin("editor@example.com", TEST_PASSWORD, { sites: ["suwon"] });
    const target = await idOf("editor@example.com");
    const session = await signIn(
      "suwon",
      { email: "editor@example.com", password: TEST_PASSWORD },
      meta,
    );
    if (!session.ok) throw new Error(session.message);
    expect(await getSession(withCookie(session.setCookie))).not.toBeNull();

    expect(await setAccountDisabled(by, target, true)).toEqual({ ok: true, endedSessions: 1 });
    expect(await getSession(withCookie(session.setCookie))).toBeNull();
    expect(
      await signIn("suwon", { email: "editor@example.com", password: TEST_PASSWORD }, meta),
    ).toEqual({ ok: false, message: AUTH_MESSAGES.disabled, status: 403 });
    // A wrong password still gets the message of a wrong password: the state is told only to the owner.
    expect(
      await signIn("suwon", { email: "editor@example.com", password: "wrong-password" }, meta),
    ).toMatchObject({ ok: false, message: AUTH_MESSAGES.wrong });

    expect(await setAccountDisabled(by, target, false)).toEqual({ ok: true, endedSessions: 0 });
    expect(
      await signIn("suwon", { email: "editor@example.com", password: TEST_PASSWORD }, meta),
    ).toMatchObject({ ok: true });
  });

  it("a session that was open when its account was disabled by another path is refused too", async () => {
    await upsertAdmin("editor@example.com", TEST_PASSWORD, { sites: ["suwon"] });
    const session = await signIn(
      "suwon",
      { email: "editor@example.com", password: TEST_PASSWORD },
      meta,
    );
    if (!session.ok) throw new Error(session.message);
    await t
      .db()
      .run("UPDATE admins SET disabled_at = $1 WHERE email = $2", [
        T0.toISOString(),
        "editor@example.com",
      ]);
    expect(await getSession(withCookie(session.setCookie))).toBeNull();
    expect(await t.db().all("SELECT id FROM admin_sessions")).toEqual([]);
  });

  it("changes another account's role and complexes; an agency administrator gets every complex", async () => {
    const by = await agency();
    await upsertAdmin("editor@example.com", TEST_PASSWORD, { sites: ["suwon"] });
    const target = await idOf("editor@example.com");
    expect(
      await changeAccount(by, target, { role: "consultant", sites: ["anyang", "suwon"] }),
    ).toEqual({ ok: true });
    expect(await getAccount(target)).toMatchObject({
      role: "consultant",
      sites: ["anyang", "suwon"],
    });
    expect(await changeAccount(by, target, { role: "agency", sites: [] })).toEqual({ ok: true });
    expect(await getAccount(target)).toMatchObject({ role: "agency", sites: ALL_SITES });
  });

  it("nobody changes or disables their own account", async () => {
    const by = await agency();
    const self = { ok: false, message: ACCOUNT_MESSAGES.self };
    expect(await changeAccount(by, by, { role: "editor", sites: ["suwon"] })).toEqual(self);
    expect(await setAccountDisabled(by, by, true)).toEqual(self);
    expect(await getAccount(by)).toMatchObject({ role: "agency", disabledAt: null });
  });

  it("the last agency administrator in use stays one, whoever asks", async () => {
    const only = await agency();
    await upsertAdmin("editor@example.com", TEST_PASSWORD, { sites: ["suwon"] });
    const editor = await idOf("editor@example.com");
    const last = { ok: false, message: ACCOUNT_MESSAGES.lastAgency };
    expect(await setAccountDisabled(editor, only, true)).toEqual(last);
    expect(await changeAccount(editor, only, { role: "editor", sites: ["suwon"] })).toEqual(last);
    // A disabled agency administrator does not count as one in use.
    const second = await agency("second@example.com");
    expect(await setAccountDisabled(only, second, true)).toMatchObject({ ok: true });
    expect(await setAccountDisabled(editor, only, true)).toEqual(last);
  });

  it("two agency administrators demoting each other at the same moment: one of them stays", async () => {
    const a = await agency("a@example.com");
    const b = await agency("b@example.com");
    const results = await Promise.all([
      changeAccount(a, b, { role: "editor", sites: ["suwon"] }),
      changeAccount(b, a, { role: "editor", sites: ["suwon"] }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(
      await t.db().all("SELECT email FROM admins WHERE role = 'agency' AND disabled_at IS NULL"),
    ).toHaveLength(1);
  });
});

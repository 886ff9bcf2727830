import { describe, expect, it } from "vitest";
import { upsertAdmin } from "~/auth/admin.server";
import { cookieOf, TEST_PASSWORD, thrownStatus } from "~/auth/test-support";
import { engines, useTestDb } from "~/db/test-support";
import { ACCOUNT_MESSAGES } from "~/lib/accounts";
import { AUTH_MESSAGES } from "~/lib/auth";
import { siteById } from "~/sites/registry.server";
import { action as accountsAction, loader as accountsLoader } from "./accounts";
import { action as accountAction } from "./accounts.edit";
import { action as inviteAction, loader as inviteLoader } from "./invite";
import { loader as leadsLoader } from "../crm/leads";
import { action as loginAction } from "../login";
import { loader as operationsLoader } from "../console/operations";

/*
 * Accounts in the console, through the routes: an agency administrator invites, the invitee opens
 * the one-time link, sets a password and lands where the role starts; a used or expired link says
 * so in Korean; a disabled account's session is refused and it cannot sign in.
 */

/* eslint-disable @typescript-eslint/no-explicit-any */
const origin = (site: string) => `http://${site}.localhost`;
const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, context: { ip: "203.0.113.5" }, params }) as any;
const get = (site: string, path: string, cookie = "", params: Record<string, string> = {}) =>
  args(new Request(origin(site) + path, { headers: { cookie } }), params);
const post = (
  site: string,
  path: string,
  body: Record<string, string | string[]>,
  cookie = "",
  params: Record<string, string> = {},
) => {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(body))
    for (const value of Array.isArray(v) ? v : [v]) form.append(k, value);
  return args(
    new Request(origin(site) + path, {
      method: "POST",
      headers: {
        cookie,
        origin: origin(site),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: form,
    }),
    params,
  );
};

type DataOf = { data: any; init: { status?: number } | null };
const statusOf = (answer: DataOf) => answer.init?.status ?? 200;

describe.each(engines())("accounts in the console ($name)", (engine) => {
  const t = useTestDb(engine);

  async function agencyCookie() {
    await upsertAdmin("agency@example.com", TEST_PASSWORD, { role: "agency" });
    return cookieOf("agency@example.com", "suwon");
  }

  async function invite(cookie: string, body: Record<string, string | string[]>) {
    return (await accountsAction(
      post("suwon", "/admin/accounts", { intent: "invite", ...body }, cookie),
    )) as DataOf;
  }

  it("an agency administrator invites a consultant; the link sets a password once, signs in and lands on the lead desk", async () => {
    const agency = await agencyCookie();
    const made = await invite(agency, {
      email: "Call@Example.com",
      role: "consultant",
      sites: "suwon",
    });
    expect(made.data).toMatchObject({ ok: true, email: "call@example.com", role: "consultant" });
    const link = new URL(made.data.link as string);
    expect(link.origin).toBe(origin("suwon"));
    const token = link.pathname.replace("/admin/invite/", "");
    // The list shows the invitation waiting, and nowhere the token.
    const list = (await accountsLoader(get("suwon", "/admin/accounts", agency))) as DataOf;
    expect(list.data.invitations).toMatchObject([
      { email: "call@example.com", role: "consultant", sites: siteById("suwon")!.identity.name },
    ]);
    expect(JSON.stringify(list.data)).not.toContain(token);

    const page = (await inviteLoader(get("suwon", link.pathname, "", { token }))) as DataOf;
    expect(statusOf(page)).toBe(200);
    expect(page.data.invitation).toMatchObject({ email: "call@example.com", role: "consultant" });

    /** The link's form sent with a password and its confirmation: the action's answer. */
    const setPassword = (password: string, confirm: string) =>
      inviteAction(post("suwon", link.pathname, { password, confirm }, "", { token }));
    // A password under 12 characters, then two that differ: Korean messages beside the fields.
    const short = (await setPassword("short", "short")) as DataOf;
    expect(statusOf(short)).toBe(400);
    expect(short.data.errors).toEqual({ password: "비밀번호는 12자 이상이어야 합니다." });
    const differ = (await setPassword("a-long-password-1", "a-long-password-2")) as DataOf;
    expect(differ.data.errors).toEqual({ confirm: ACCOUNT_MESSAGES.passwordMismatch });

    const done = (await setPassword("a-long-password-1", "a-long-password-1")) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/admin/leads");
    const consultant = done.headers.get("set-cookie")!.split(";")[0]!;
    expect(await thrownStatus(() => leadsLoader(get("suwon", "/admin/leads", consultant)))).toBe(
      undefined,
    );
    expect(
      await thrownStatus(() => operationsLoader(get("suwon", "/admin/operations", consultant))),
    ).toBe(404);

    // The link again: a Korean message, on the page and for a form sent from an old tab.
    const again = (await inviteLoader(get("suwon", link.pathname, "", { token }))) as DataOf;
    expect(statusOf(again)).toBe(410);
    expect(again.data).toMatchObject({ closed: ACCOUNT_MESSAGES.inviteUsed, invitation: null });
    const resent = (await setPassword("a-long-password-9", "a-long-password-9")) as DataOf;
    expect(statusOf(resent)).toBe(410);
    expect(resent.data).toEqual({ ok: false, closed: ACCOUNT_MESSAGES.inviteUsed });
  });

  it("an expired link, and a link opened on a complex not the invitee's, say so in Korean", async () => {
    const agency = await agencyCookie();
    const made = await invite(agency, { email: "ed@example.com", role: "editor", sites: "suwon" });
    const token = new URL(made.data.link as string).pathname.split("/").at(-1)!;
    const elsewhere = (await inviteLoader(
      get("anyang", `/admin/invite/${token}`, "", { token }),
    )) as DataOf;
    expect(statusOf(elsewhere)).toBe(404);
    expect(elsewhere.data.closed).toBe(ACCOUNT_MESSAGES.inviteUnknown);

    await t
      .db()
      .run("UPDATE admin_invitations SET expires_at = $1", [
        new Date(Date.now() - 1000).toISOString(),
      ]);
    const expired = (await inviteLoader(
      get("suwon", `/admin/invite/${token}`, "", { token }),
    )) as DataOf;
    expect(statusOf(expired)).toBe(410);
    expect(expired.data.closed).toBe(
      "초대 링크의 유효 기간(7일)이 지났습니다. 에이전시 관리자에게 새 링크를 요청해 주세요.",
    );
  });

  it("the invitation form names each wrong field in Korean and keeps what was typed", async () => {
    const agency = await agencyCookie();
    const wrong = await invite(agency, { email: "not-an-email", role: "consultant" });
    expect(statusOf(wrong)).toBe(400);
    expect(wrong.data).toMatchObject({
      errors: {
        email: ACCOUNT_MESSAGES.emailInvalid,
        sites: "단지 편집자와 상담원은 맡을 단지를 하나 이상 골라 주세요.",
      },
      values: { email: "not-an-email", role: "consultant", sites: [] },
    });
    const noRole = await invite(agency, { email: "x@example.com", sites: ["suwon", "anyang"] });
    expect(noRole.data).toMatchObject({
      errors: { role: ACCOUNT_MESSAGES.roleMissing },
      values: { sites: ["suwon", "anyang"] },
    });
    const taken = await invite(agency, { email: "agency@example.com", role: "agency" });
    expect(taken.data.errors).toEqual({ email: ACCOUNT_MESSAGES.emailTaken });
  });

  it("a disabled account's session is refused at once, and it cannot sign in; an agency administrator cannot disable themself", async () => {
    const agency = await agencyCookie();
    await upsertAdmin("call@example.com", TEST_PASSWORD, { role: "consultant", sites: ["suwon"] });
    const consultant = await cookieOf("call@example.com", "suwon");
    const ids = Object.fromEntries(
      (await t.db().all<{ id: string; email: string }>("SELECT id, email FROM admins")).map((r) => [
        r.email,
        r.id,
      ]),
    );
    const target = ids["call@example.com"]!;
    const disabled = (await accountAction(
      post("suwon", `/admin/accounts/${target}`, { intent: "disable" }, agency, { id: target }),
    )) as Response;
    expect(disabled.headers.get("location")).toBe("/admin/accounts?done=disabled");

    // The consultant's next request: signed out (to the sign-in page), not a desk.
    const refused = await leadsLoader(get("suwon", "/admin/leads", consultant)).catch(
      (e: unknown) => e as Response,
    );
    expect((refused as Response).status).toBe(302);
    expect((refused as Response).headers.get("location")).toBe(
      "/admin/login?redirectTo=%2Fadmin%2Fleads",
    );
    const signIn = (await loginAction(
      post("suwon", "/admin/login", { email: "call@example.com", password: TEST_PASSWORD }),
    )) as DataOf;
    expect(statusOf(signIn)).toBe(403);
    expect(signIn.data.formError).toBe(AUTH_MESSAGES.disabled);

    const self = ids["agency@example.com"]!;
    const own = (await accountAction(
      post("suwon", `/admin/accounts/${self}`, { intent: "disable" }, agency, { id: self }),
    )) as DataOf;
    expect(statusOf(own)).toBe(400);
    expect(own.data.formError).toBe(ACCOUNT_MESSAGES.self);
  });
});

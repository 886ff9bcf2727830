import { afterEach, describe, expect, it } from "vitest";
import { cookieOf } from "~/auth/test-support";
import { assignmentSettings, saveAssignment } from "~/crm/assignment.server";
import { engines, useTestDb } from "~/db/test-support";
import { FORM_MESSAGES } from "~/http/form.server";
import { loadStore } from "~/console/sync.server";
import { resetSites } from "~/sites/registry.server";
import { action as accountEdit } from "../accounts/accounts.edit";
import { action as accounts } from "../accounts/accounts";
import { action as invite } from "../accounts/invite";
import { action as leadCard } from "../crm/leads.card";
import { action as leads } from "../crm/leads";
import { action as login } from "../login";
import { action as logout } from "../logout";
import { action as site } from "./site";
import { action as sites } from "./sites";
import { agencyAndConsultant } from "../test-support";

/*
 * A body an action cannot read (a broken multipart boundary, a body cut short) is answered 400 with
 * the Korean message and changes nothing: never read as an empty form (issue 43: the desk's
 * assignment settings saved "automatic assignment off, nobody active" from one). The actions that
 * answered it already (content, 운영 정보, press, uploads) have their own tests.
 */

const SITE = "anyang";
const ORIGIN = `http://${SITE}.localhost`;
const BOUNDARY = "----cut";
/** A multipart body that ends inside its first part, with no closing boundary. */
const CUT =
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="autoAssign"\r\n\r\non\r\n` +
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="active"\r\n\r\n12`;

type Action = (args: never) => Promise<unknown>;

/** Runs an action on a cut body; answers the status it returned or threw, and its message. */
async function postCut(action: Action, path: string, cookie: string, params = {}) {
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: {
      cookie,
      origin: ORIGIN,
      "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
    },
    body: CUT,
  });
  const outcome = await action({ request, params, context: { ip: "203.0.113.5" } } as never).then(
    (answer) => answer,
    (thrown: unknown) => thrown,
  );
  if (outcome instanceof Response) return { status: outcome.status, message: null };
  const init = (outcome as { init?: { status?: number }; data?: unknown } | null) ?? {};
  return { status: init.init?.status ?? 200, message: init.data };
}

afterEach(() => resetSites());

describe.each(engines())("an admin action given a body it cannot read ($name)", (engine) => {
  const t = useTestDb(engine);

  it("answers 400 with the Korean message, on every action, and the desk's assignment settings stay as they were", async () => {
    await loadStore();
    const consultant = await agencyAndConsultant(t.db(), SITE);
    await saveAssignment(SITE, { autoAssign: true, active: [consultant] });
    const before = await assignmentSettings(SITE);
    const cookie = await cookieOf("agency@example.com", SITE);

    const answers = {
      "배정 설정": await postCut(leads as Action, "/admin/leads", cookie),
      "고객 카드": await postCut(leadCard as Action, "/admin/leads/c1", cookie, {
        customerId: "c1",
      }),
      "계정 목록": await postCut(accounts as Action, "/admin/accounts", cookie),
      "계정 수정": await postCut(accountEdit as Action, `/admin/accounts/${consultant}`, cookie, {
        id: consultant,
      }),
      "단지 목록": await postCut(sites as Action, "/admin/sites", cookie),
      "단지 페이지": await postCut(site as Action, `/admin/sites/${SITE}`, cookie, {
        siteId: SITE,
      }),
      "초대 수락": await postCut(invite as Action, "/admin/invite/x", "", { token: "x" }),
      로그인: await postCut(login as Action, "/admin/login", ""),
      로그아웃: await postCut(logout as Action, "/admin/logout", cookie),
    };
    for (const [name, answer] of Object.entries(answers))
      expect({ name, ...answer }).toEqual({ name, status: 400, message: FORM_MESSAGES.malformed });
    expect(await assignmentSettings(SITE)).toEqual(before);
    expect(before.autoAssign).toBe(true);
  });
});

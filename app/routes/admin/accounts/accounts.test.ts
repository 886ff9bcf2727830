import { describe, expect, it } from "vitest";
import { cookieOf } from "~/auth/test-support";
import { engines, useTestDb } from "~/db/test-support";
import { ACCOUNT_MESSAGES } from "~/lib/accounts";
import { loader as accountsLoader } from "./accounts";
import { action as accountAction, loader as accountLoader } from "./accounts.edit";
import { agencyAndConsultant } from "../test-support";

/*
 * An account's own mobile number (휴대폰 번호 (아침 알림용)) on its page: optional, normalised,
 * refused with a Korean message when it is not a mobile number, shown in the accounts list.
 */

const SITE = "suwon";
const ORIGIN = `http://${SITE}.localhost`;

describe.each(engines())("an account's mobile number ($name)", (engine) => {
  const t = useTestDb(engine);

  async function seed() {
    const id = await agencyAndConsultant(t.db(), SITE);
    return { id, cookie: await cookieOf("agency@example.com", SITE) };
  }

  const save = (cookie: string, id: string, fields: Record<string, string>) =>
    accountAction({
      request: new Request(`${ORIGIN}/admin/accounts/${id}`, {
        method: "POST",
        headers: {
          cookie,
          origin: ORIGIN,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ intent: "save", role: "consultant", sites: SITE, ...fields }),
      }),
      params: { id },
      context: {},
    } as never) as Promise<unknown>;
  const phoneOf = async (id: string) =>
    (await t.db().get<{ phone: string | null }>("SELECT phone FROM admins WHERE id = $1", [id]))!
      .phone;

  it("is saved in its hyphenated form and listed; a number that is not a mobile one is refused in Korean; emptied, it is gone", async () => {
    const { id, cookie } = await seed();

    const saved = (await save(cookie, id, { phone: "010 1234 5678" })) as Response;
    expect(saved.status).toBe(302);
    expect(await phoneOf(id)).toBe("010-1234-5678");
    const list = (await accountsLoader({
      request: new Request(`${ORIGIN}/admin/accounts`, { headers: { cookie } }),
      params: {},
      context: {},
    } as never)) as unknown as { data: { accounts: { email: string; phone: string | null }[] } };
    expect(list.data.accounts.find((a) => a.email === "consultant@example.com")?.phone).toBe(
      "010-1234-5678",
    );
    const page = (await accountLoader({
      request: new Request(`${ORIGIN}/admin/accounts/${id}`, { headers: { cookie } }),
      params: { id },
      context: {},
    } as never)) as unknown as { data: { account: { phone: string | null } } };
    expect(page.data.account.phone).toBe("010-1234-5678");

    for (const bad of ["02-123-4567", "1600-1234", "010-12"]) {
      const refused = (await save(cookie, id, { phone: bad })) as {
        data: { errors: { phone?: string }; values: { phone: string } };
        init: { status: number };
      };
      expect(refused.init.status).toBe(400);
      expect(refused.data.errors.phone).toBe(ACCOUNT_MESSAGES.phoneInvalid);
      expect(refused.data.values.phone).toBe(bad);
      expect(await phoneOf(id)).toBe("010-1234-5678");
    }

    // A form without the field (an older page) keeps it; an empty field removes it.
    expect(((await save(cookie, id, {})) as Response).status).toBe(302);
    expect(await phoneOf(id)).toBe("010-1234-5678");
    expect(((await save(cookie, id, { phone: " " })) as Response).status).toBe(302);
    expect(await phoneOf(id)).toBeNull();
  });
});

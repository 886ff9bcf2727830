import { describe, expect, it } from "vitest";
import { upsertAdmin } from "~/auth/admin.server";
import { cookieOf, TEST_PASSWORD, thrownStatus } from "~/auth/test-support";
import { engines, useTestDb } from "~/db/test-support";
import { listChanges, readLive } from "~/sites/live.server";
import { action, loader } from "./admin.operations";

/*
 * 운영 정보 per complex: an administrator of one complex works on that complex only, whatever the
 * address asks for; an administrator of every complex picks the complex with ?site=.
 */

/** The contact form sent on the complex `hostSite`'s own host. */
function postContact(hostSite: string, query: string, cookie: string, phone: string) {
  const origin = `http://${hostSite}.localhost`;
  const request = new Request(`${origin}/admin/operations${query}`, {
    method: "POST",
    headers: { cookie, origin, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "contact", phone, contactHours: "" }),
  });
  return action({ request, context: { ip: "203.0.113.5" }, params: {} } as unknown as Parameters<
    typeof action
  >[0]);
}

async function page(hostSite: string, query: string, cookie: string) {
  const request = new Request(`http://${hostSite}.localhost/admin/operations${query}`, {
    headers: { cookie },
  });
  const answer = await loader({ request, context: {}, params: {} } as unknown as Parameters<
    typeof loader
  >[0]);
  return (answer as unknown as { data: Awaited<ReturnType<typeof loader>>["data"] }).data;
}

describe.each(engines())("운영 정보 per complex ($name)", (engine) => {
  useTestDb(engine);

  it("a complex administrator changes their own complex only, even when the address names another", async () => {
    await upsertAdmin("suwon@example.com", TEST_PASSWORD, { sites: ["suwon"] });
    const cookie = await cookieOf("suwon@example.com", "suwon");

    await postContact("suwon", "?site=anyang", cookie, "1600-1234");
    expect((await readLive("suwon")).get("phone")?.value).toBe("1600-1234");
    expect((await readLive("anyang")).size).toBe(0);
    // No complex to choose, and the page is their complex's.
    const own = await page("suwon", "?site=anyang", cookie);
    expect(own.siteId).toBe("suwon");
    expect(own.choices).toEqual([]);

    // Their cookie on the other complex's host: not found, and nothing changes there.
    expect(await thrownStatus(() => page("anyang", "", cookie))).toBe(404);
    expect(await thrownStatus(() => postContact("anyang", "", cookie, "1600-9999"))).toBe(404);
    expect(await listChanges("anyang")).toEqual([]);

    // A field left empty goes back to the content file's value, as the page says (no error).
    expect(await postContact("suwon", "", cookie, "")).toMatchObject({ status: 302 });
    expect((await readLive("suwon")).has("phone")).toBe(false);
  });

  it("an administrator of every complex picks the complex; the change is that complex's alone", async () => {
    await upsertAdmin("all@example.com", TEST_PASSWORD);
    const cookie = await cookieOf("all@example.com", "anyang");
    const chosen = await page("anyang", "?site=suwon", cookie);
    expect(chosen.siteId).toBe("suwon");
    expect(chosen.choices.map((c) => c.id).sort()).toEqual(["anyang", "suwon"]);

    await postContact("anyang", "?site=suwon", cookie, "1600-4321");
    expect((await readLive("suwon")).get("phone")?.value).toBe("1600-4321");
    expect((await readLive("anyang")).size).toBe(0);
    expect((await listChanges("suwon"))[0]).toMatchObject({
      field: "phone",
      changedBy: "all@example.com",
    });
  });
});

import { describe, expect, it } from "vitest";
import { upsertAdmin } from "~/auth/admin.server";
import { cookieOf, TEST_PASSWORD, thrownStatus } from "~/auth/test-support";
import { engines, useTestDb } from "~/db/test-support";
import { createLead } from "~/leads/leads.server";
import type { LeadForm } from "~/lib/lead-form";
import { loader as csvLoader } from "./admin.leads.csv";
import { loader as deskLoader } from "./admin.leads";

const inquiry = (name: string, phone: string): LeadForm => ({
  kind: "inquiry",
  name,
  phone,
  message: "",
  privacyConsent: true,
  smsConsent: false,
  visitSlot: null,
});

/** A GET of an administrator page on the complex `siteId`, on its host `<id>.localhost`. */
function get(siteId: string, path: string, cookie: string) {
  const request = new Request(`http://${siteId}.localhost${path}`, { headers: { cookie } });
  return { request, context: { ip: "203.0.113.5" }, params: {} };
}

async function desk(siteId: string, query: string, cookie: string) {
  const answer = await deskLoader(
    get(siteId, `/admin/leads${query}`, cookie) as unknown as Parameters<typeof deskLoader>[0],
  );
  return (answer as unknown as { data: Awaited<ReturnType<typeof deskLoader>>["data"] }).data;
}

async function csv(siteId: string, query: string, cookie: string) {
  const response = await csvLoader(
    get(siteId, `/admin/leads.csv${query}`, cookie) as unknown as Parameters<typeof csvLoader>[0],
  );
  // text() reads the UTF-8 BOM as the encoding mark, not as a character.
  return (await response.text()).trimEnd().split("\r\n");
}

describe.each(engines())("the lead desk per complex ($name)", (engine) => {
  useTestDb(engine);

  async function seed() {
    await upsertAdmin("all@example.com", TEST_PASSWORD);
    await upsertAdmin("suwon@example.com", TEST_PASSWORD, { sites: ["suwon"], role: "consultant" });
    const meta = { ip: "1", source: "/" };
    await createLead("anyang", inquiry("안양고객", "010-1111-2222"), meta);
    await createLead("suwon", inquiry("분당고객", "010-3333-4444"), meta);
  }

  it("gives a complex's consultant their complex's leads only, without a complex column or choice", async () => {
    await seed();
    const cookie = await cookieOf("suwon@example.com", "suwon");
    // Asking for every complex changes nothing for them.
    const page = await desk("suwon", "?site=*", cookie);
    expect(page.leads.map((l) => l.name)).toEqual(["분당고객"]);
    expect(page.site).toBeNull();
    const rows = await csv("suwon", "?site=*", cookie);
    expect(rows[0]!.startsWith("접수일시 (KST),")).toBe(true);
    expect(rows.slice(1).map((r) => r.split(",")[2])).toEqual(["분당고객"]);
  });

  it("answers a complex's consultant 404 on another complex's desk and CSV, cookie or not", async () => {
    await seed();
    const cookie = await cookieOf("suwon@example.com", "suwon");
    expect(await thrownStatus(() => desk("anyang", "", cookie))).toBe(404);
    expect(await thrownStatus(() => desk("anyang", "?site=suwon", cookie))).toBe(404);
    expect(await thrownStatus(() => csv("anyang", "", cookie))).toBe(404);
  });

  it("lets an administrator of every complex choose 모든 단지, with a 단지 column on the page and in the CSV", async () => {
    await seed();
    const cookie = await cookieOf("all@example.com", "anyang");
    const own = await desk("anyang", "", cookie);
    expect(own.leads.map((l) => l.name)).toEqual(["안양고객"]);
    expect(own.site).toEqual({
      scope: "anyang",
      current: "anyang",
      choices: ["anyang", "suwon"],
    });
    expect(own.log[0]).toMatchObject({ siteId: "anyang", filter: "전체" });

    const all = await desk("anyang", "?site=*", cookie);
    expect(all.leads.map((l) => [l.siteId, l.name]).sort()).toEqual([
      ["anyang", "안양고객"],
      ["suwon", "분당고객"],
    ]);
    expect(all.log[0]).toMatchObject({ siteId: "*", filter: "단지=모든 단지, 전체" });

    const other = await desk("anyang", "?site=suwon", cookie);
    expect(other.leads.map((l) => l.name)).toEqual(["분당고객"]);

    const rows = await csv("anyang", "?site=*", cookie);
    expect(rows[0]!.startsWith("단지,접수일시 (KST),")).toBe(true);
    expect(
      rows
        .slice(1)
        .map((r) => `${r.split(",")[0]} ${r.split(",")[3]}`)
        .sort(),
    ).toEqual(["anyang 안양고객", "suwon 분당고객"]);
  });

  it("offers no complex choice while the request's complex is the only one with leads", async () => {
    await upsertAdmin("all@example.com", TEST_PASSWORD);
    await createLead("anyang", inquiry("안양고객", "010-1111-2222"), { ip: "1", source: "/" });
    const cookie = await cookieOf("all@example.com", "anyang");
    expect((await desk("anyang", "", cookie)).site).toBeNull();
  });
});

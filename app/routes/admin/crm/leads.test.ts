import { describe, expect, it } from "vitest";
import { upsertAdmin } from "~/auth/admin.server";
import { cookieOf, TEST_PASSWORD, thrownStatus } from "~/auth/test-support";
import { assignmentSettings, saveAssignment } from "~/crm/assignment.server";
import { engines, useTestDb } from "~/db/test-support";
import { createLead } from "~/leads/leads.server";
import type { LeadForm } from "~/leads/lead-form";
import { loader as cardLoader } from "./leads.card";
import { loader as csvLoader } from "./leads.csv";
import { action as deskAction, loader as deskLoader } from "./leads";
import { requireSite } from "~/sites/registry.server";

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
function get(siteId: string, path: string, cookie: string, params: Record<string, string> = {}) {
  const request = new Request(`http://${siteId}.localhost${path}`, { headers: { cookie } });
  return { request, context: { ip: "203.0.113.5" }, params };
}

async function desk(siteId: string, query: string, cookie: string) {
  const answer = await deskLoader(
    get(siteId, `/admin/leads${query}`, cookie) as unknown as Parameters<typeof deskLoader>[0],
  );
  return (answer as unknown as { data: Awaited<ReturnType<typeof deskLoader>>["data"] }).data;
}

async function card(siteId: string, id: string, query: string, cookie: string) {
  const answer = await cardLoader(
    get(siteId, `/admin/leads/${id}${query}`, cookie, {
      customerId: id,
    }) as unknown as Parameters<typeof cardLoader>[0],
  );
  return (answer as unknown as { data: Awaited<ReturnType<typeof cardLoader>>["data"] }).data;
}

async function csv(siteId: string, query: string, cookie: string) {
  const response = await csvLoader(
    get(siteId, `/admin/leads.csv${query}`, cookie) as unknown as Parameters<typeof csvLoader>[0],
  );
  // text() reads the UTF-8 BOM as the encoding mark, not as a character.
  return (await response.text()).trimEnd().split("\r\n");
}

/** Every complex of an agency administrator, by name, in Korean order. */
const NAMED = [
  { id: "anyang", name: "라움하임 평촌 센트럴" },
  { id: "suwon", name: "아벨루스 광교 레이크파크" },
];

describe.each(engines())("the lead desk per complex ($name)", (engine) => {
  const t = useTestDb(engine);
  const idOf = async (email: string) =>
    (await t.db().get<{ id: string }>("SELECT id FROM admins WHERE email = $1", [email]))!.id;

  /** 안양고객 on anyang; on suwon 분당고객 given to suwon@, 다른고객 to other@ (round-robin). */
  async function seed() {
    await upsertAdmin("all@example.com", TEST_PASSWORD);
    await upsertAdmin("suwon@example.com", TEST_PASSWORD, { sites: ["suwon"], role: "consultant" });
    await upsertAdmin("other@example.com", TEST_PASSWORD, { sites: ["suwon"], role: "consultant" });
    const suwon = await idOf("suwon@example.com");
    await saveAssignment("suwon", { autoAssign: true, active: [suwon] });
    const meta = { ip: "1", source: "/" };
    await createLead(requireSite("anyang"), inquiry("안양고객", "010-1111-2222"), meta);
    await createLead(requireSite("suwon"), inquiry("분당고객", "010-3333-4444"), meta);
    await saveAssignment("suwon", { autoAssign: true, active: [await idOf("other@example.com")] });
    await createLead(requireSite("suwon"), inquiry("다른고객", "010-5555-6666"), meta);
  }

  it("gives a complex's consultant their complex's people only, others' phones masked, without a complex column or choice", async () => {
    await seed();
    const cookie = await cookieOf("suwon@example.com", "suwon");
    // The desk opens on their queue: their new person.
    const queue = await desk("suwon", "", cookie);
    expect(queue.view).toBe("queue");
    expect(queue.queue!.fresh.map((c) => [c.name, c.phone])).toEqual([
      ["분당고객", "010-3333-4444"],
    ]);
    // Asking for every complex changes nothing for them.
    const page = await desk("suwon", "?view=all&site=*", cookie);
    expect(page.list!.cards.map((c) => [c.name, c.phone]).sort()).toEqual([
      ["다른고객", "010-****-6666"],
      ["분당고객", "010-3333-4444"],
    ]);
    expect(page.site).toBeNull();
    // A consultant reads no one's access record.
    expect(page.log).toEqual([]);
    // Their CSV: their own people only.
    const rows = await csv("suwon", "?site=*", cookie);
    expect(rows[0]!.startsWith("접수일시 (KST),")).toBe(true);
    expect(rows.slice(1).map((r) => r.split(",")[2])).toEqual(["분당고객"]);
  });

  it("works on the complex chosen with ?site= (as the console's frame shows it): its consultants, its assignment saved", async () => {
    await seed();
    const cookie = await cookieOf("all@example.com", "anyang");
    const chosen = await desk("anyang", "?view=all&site=suwon", cookie);
    expect(chosen.work.name).toBe("아벨루스 광교 레이크파크");
    expect(chosen.assignment?.consultants.map((c) => c.email).sort()).toEqual([
      "other@example.com",
      "suwon@example.com",
    ]);
    expect(chosen.consultants.map((c) => c.email).sort()).toEqual([
      "other@example.com",
      "suwon@example.com",
    ]);
    // The host's own desk has no consultant.
    expect((await desk("anyang", "?view=all", cookie)).assignment?.consultants).toEqual([]);
    // 배정 설정 저장 on that desk saves suwon's, and comes back to it.
    const body = new URLSearchParams({ active: await idOf("suwon@example.com") });
    const thrown = await deskAction({
      request: new Request("http://anyang.localhost/admin/leads?site=suwon", {
        method: "POST",
        headers: {
          cookie,
          origin: "http://anyang.localhost",
          "content-type": "application/x-www-form-urlencoded",
        },
        body,
      }),
      params: {},
      context: { ip: "203.0.113.5" },
    } as never).catch((e: unknown) => e);
    expect((thrown as Response).headers.get("location")).toBe(
      "/admin/leads?site=suwon&assignment=saved#assignment",
    );
    const suwon = await assignmentSettings("suwon");
    expect(suwon.autoAssign).toBe(false);
    expect(suwon.consultants.filter((c) => c.active).map((c) => c.email)).toEqual([
      "suwon@example.com",
    ]);
  });

  it("answers a complex's consultant 404 on another complex's desk, card and CSV, cookie or not", async () => {
    await seed();
    const cookie = await cookieOf("suwon@example.com", "suwon");
    const all = await cookieOf("all@example.com", "anyang");
    const anyangCard = (await desk("anyang", "", all)).list!.cards[0]!.id;
    expect(await thrownStatus(() => desk("anyang", "", cookie))).toBe(404);
    expect(await thrownStatus(() => desk("anyang", "?site=suwon", cookie))).toBe(404);
    expect(await thrownStatus(() => csv("anyang", "", cookie))).toBe(404);
    expect(await thrownStatus(() => card("anyang", anyangCard, "", cookie))).toBe(404);
    // On their own complex's address, another complex's card does not exist.
    expect(await thrownStatus(() => card("suwon", anyangCard, "", cookie))).toBe(404);
    expect(await thrownStatus(() => card("suwon", anyangCard, "?site=anyang", cookie))).toBe(404);
  });

  it("writes the opening of a card to the access log, without the whole phone number", async () => {
    await seed();
    const cookie = await cookieOf("suwon@example.com", "suwon");
    const page = await desk("suwon", "?view=all", cookie);
    const other = page.list!.cards.find((c) => c.name === "다른고객")!;
    const opened = await card("suwon", other.id, "", cookie);
    expect(opened.card.phone).toBe("010-****-6666");
    expect(opened.rights).toEqual({ work: false, reassign: false, claim: false });
    const admin = await cookieOf("all@example.com", "suwon");
    const log = (await desk("suwon", "", admin)).log;
    expect(log.find((e) => e.target.startsWith("고객 카드"))).toMatchObject({
      adminEmail: "suwon@example.com",
      action: "view",
      target: "고객 카드 다른고객 (010-****-6666)",
      filter: "번호 가림",
    });
  });

  it("names every complex of the account in the 단지 choice, with or without leads (issue 39, item 8)", async () => {
    await upsertAdmin("all@example.com", TEST_PASSWORD);
    const cookie = await cookieOf("all@example.com", "anyang");
    // No leads anywhere yet: still a choice of both complexes, by name.
    const own = await desk("anyang", "?view=all", cookie);
    expect(own.site).toEqual({ scope: "anyang", current: "anyang", choices: NAMED });
  });

  it("lets an administrator of every complex choose 모든 단지, with a 단지 column on the page and in the CSV", async () => {
    await seed();
    const cookie = await cookieOf("all@example.com", "anyang");
    const own = await desk("anyang", "", cookie);
    expect(own.view).toBe("all");
    expect(own.list!.cards.map((c) => c.name)).toEqual(["안양고객"]);
    expect(own.site).toEqual({ scope: "anyang", current: "anyang", choices: NAMED });
    expect(own.log[0]).toMatchObject({ siteId: "anyang", target: "고객 목록", filter: "전체" });

    const all = await desk("anyang", "?site=*", cookie);
    expect(all.list!.cards.map((c) => [c.siteId, c.name]).sort()).toEqual([
      ["anyang", "안양고객"],
      ["suwon", "다른고객"],
      ["suwon", "분당고객"],
    ]);
    expect(all.log[0]).toMatchObject({ siteId: "*", filter: "단지=모든 단지, 전체" });

    const other = await desk("anyang", "?site=suwon", cookie);
    expect(other.list!.cards.map((c) => c.name).sort()).toEqual(["다른고객", "분당고객"]);
    // A card of the chosen complex opens with its ?site, and only with it.
    const suwonCard = other.list!.cards[0]!;
    expect((await card("anyang", suwonCard.id, "?site=suwon", cookie)).card.name).toBe(
      suwonCard.name,
    );
    expect(await thrownStatus(() => card("anyang", suwonCard.id, "", cookie))).toBe(404);

    const rows = await csv("anyang", "?site=*", cookie);
    expect(rows[0]!.startsWith("단지,접수일시 (KST),")).toBe(true);
    expect(
      rows
        .slice(1)
        .map((r) => `${r.split(",")[0]} ${r.split(",")[3]}`)
        .sort(),
    ).toEqual(["anyang 안양고객", "suwon 다른고객", "suwon 분당고객"]);
  });
});

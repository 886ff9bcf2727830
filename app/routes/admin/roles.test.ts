import { describe, expect, it } from "vitest";
import { upsertAdmin } from "~/auth/admin.server";
import { saveAssignment } from "~/crm/assignment.server";
import { cookieOf, TEST_PASSWORD } from "~/auth/test-support";
import { engines, useTestDb } from "~/db/test-support";
import { createLead } from "~/leads/leads.server";
import type { LeadForm } from "~/leads/lead-form";
import { ROLES, type Area, type Role } from "~/lib/roles";
import { readLive } from "~/sites/live.server";
import { siteById, requireSite } from "~/sites/registry.server";
import { action as accountsAction, loader as accountsLoader } from "./accounts/accounts";
import { action as accountAction, loader as accountLoader } from "./accounts/accounts.edit";
import { loader as channelsCsvLoader } from "./crm/channels.csv";
import { loader as channelsLoader } from "./crm/channels";
import { loader as homeLoader } from "./home";
import { loader as layoutLoader } from "./layout";
import { loader as leadsCsvLoader } from "./crm/leads.csv";
import { action as leadsAction, loader as leadsLoader } from "./crm/leads";
import { action as cardAction, loader as cardLoader } from "./crm/leads.card";
import { action as panoramaAction } from "./console/media.panorama";
import { action as pdfAction } from "./console/media.pdf";
import { action as videoAction } from "./console/media.video";
import { action as operationsAction, loader as operationsLoader } from "./console/operations";
import { action as pressEditAction, loader as pressEditLoader } from "./press/press.edit";
import { action as pressNewAction, loader as pressNewLoader } from "./press/press.new";
import { loader as pressLoader } from "./press/press";
import { action as pressListAction, loader as pressListLoader } from "../press/press.list";
import { loadStore } from "~/console/sync.server";
import { action as siteAction, loader as siteLoader } from "./console/site";
import { loader as sitesLoader } from "./console/sites";
import { loader as sitesNewLoader } from "./console/sites.new";
import { loader as startLoader } from "./console/site.start";
import { loader as contentSearchLoader } from "./console/content.search";
import { agencyAndConsultant } from "./test-support";

/*
 * Each role against every administrator loader and action, signed in on its own complex (suwon):
 * what the role opens answers as usual, everything else the 404 of a page that does not exist —
 * the same answer as for an administrator of another complex (docs/decisions/034-roles.md).
 */

const SITE = "suwon";
const ORIGIN = `http://${SITE}.localhost`;
const PRESS = siteById(SITE)!.press.defaultSite;

/** The agency's portfolio after seed(): every complex, suwon's lead of today first. */
const PORTFOLIO = [
  ["suwon", 1],
  ["anyang", 0],
];

/** What each role may use on its complex (the rule, written out once more for the test). */
const OPENS: Record<Role, Area[]> = {
  agency: ["content", "press", "leads", "channels", "accounts"],
  editor: ["content", "press", "channels"],
  consultant: ["leads"],
};

type Args = { request: Request; context: { ip: string }; params: Record<string, string> };
const get = (path: string, cookie: string, params: Record<string, string> = {}): Args => ({
  request: new Request(ORIGIN + path, { headers: { cookie } }),
  context: { ip: "203.0.113.5" },
  params,
});
const post = (
  path: string,
  cookie: string,
  body: Record<string, string> | FormData,
  params: Record<string, string> = {},
): Args => ({
  request: new Request(ORIGIN + path, {
    method: "POST",
    headers: {
      cookie,
      origin: ORIGIN,
      ...(body instanceof FormData ? {} : { "content-type": "application/x-www-form-urlencoded" }),
    },
    body: body instanceof FormData ? body : new URLSearchParams(body),
  }),
  context: { ip: "203.0.113.5" },
  params,
});

/** The status a loader or action answered: returned or thrown, a Response or data(). */
async function statusOf(run: () => unknown): Promise<number> {
  const read = (v: unknown) => {
    if (v instanceof Response) return v.status;
    if (v && typeof v === "object" && "init" in v)
      return (v as { init?: { status?: number } | null }).init?.status ?? 200;
    return undefined;
  };
  try {
    return read(await run()) ?? 200;
  } catch (thrown) {
    const status = read(thrown);
    if (status === undefined) throw thrown;
    return status;
  }
}

const inquiry: LeadForm = {
  kind: "inquiry",
  name: "수원고객",
  phone: "010-3333-4444",
  message: "",
  privacyConsent: true,
  smsConsent: false,
  visitSlot: null,
};

const pressForm = (title: string) => {
  const form = new FormData();
  form.set("intent", "create");
  form.set("title", title);
  form.set("summary", "요약");
  form.set("body", "본문");
  form.set("pressDate", "2026-03-01");
  form.set("publish", "now");
  return form;
};

// Loaders and actions are called with the arguments a route gets (the tests build them by hand).
/* eslint-disable @typescript-eslint/no-explicit-any */
type Call = { name: string; area: Area; ok: number; run: (cookie: string) => unknown };
/** `run` named `name`: answered `ok` to a role with `area`. */
const answers = (name: string, area: Area, ok: number, run: Call["run"]): Call => ({
  name,
  area,
  ok,
  run,
});
/** A page (GET) that a role with `area` opens: answered 200. */
const page = (name: string, area: Area, run: Call["run"]) => answers(`GET ${name}`, area, 200, run);
/** The card's status set to 상담중, and an account saved as an editor of the complex. */
const toCounseling = { intent: "status", status: "counseling" };
const asEditor = { intent: "save", role: "editor", sites: SITE };
const calls = (ids: { card: string; post: string; target: string }, role: Role): Call[] => [
  // The console's file uploads: sent without a file, a role with the content answers 400.
  ...(
    [
      ["panorama", panoramaAction],
      ["video", videoAction],
      ["captions", videoAction],
      ["pdf", pdfAction],
    ] as const
  ).map(
    ([kind, action]): Call => ({
      name: `POST /admin/media/${kind}`,
      area: "content",
      ok: 400,
      run: (c) => action(post(`/admin/media/${kind}`, c, new FormData()) as any),
    }),
  ),
  page("/admin/operations", "content", (c) => operationsLoader(get("/admin/operations", c) as any)),
  answers("POST /admin/operations", "content", 302, (c) =>
    operationsAction(
      post("/admin/operations", c, {
        intent: "contact",
        phone: "1600-1234",
        contactHours: "",
      }) as any,
    ),
  ),
  page("/admin/press", "press", (c) => pressLoader(get("/admin/press", c) as any)),
  page("/admin/press/new", "press", (c) => pressNewLoader(get("/admin/press/new", c) as any)),
  answers("POST /admin/press/new", "press", 302, (c) =>
    pressNewAction(post("/admin/press/new", c, pressForm(`${role} 보도자료`)) as any),
  ),
  page("/admin/press/:id", "press", (c) =>
    pressEditLoader(get(`/admin/press/${ids.post}`, c, { id: ids.post }) as any),
  ),
  answers("POST /admin/press/:id", "press", 302, (c) =>
    pressEditAction(
      post(`/admin/press/${ids.post}`, c, pressForm("고친 제목"), { id: ids.post }) as any,
    ),
  ),
  answers(`POST /${PRESS}/press (the public list's write form)`, "press", 302, (c) =>
    pressListAction(
      post(`/${PRESS}/press`, c, pressForm("목록에서 쓴 글"), { site: PRESS }) as any,
    ),
  ),
  page("/admin/leads", "leads", (c) => leadsLoader(get("/admin/leads", c) as any)),
  page("/admin/leads/:customerId", "leads", (c) =>
    cardLoader(get(`/admin/leads/${ids.card}`, c, { customerId: ids.card }) as any),
  ),
  answers("POST /admin/leads/:customerId (the card's status)", "leads", 302, (c) =>
    cardAction(post(`/admin/leads/${ids.card}`, c, toCounseling, { customerId: ids.card }) as any),
  ),
  page("/admin/leads.csv", "leads", (c) => leadsCsvLoader(get("/admin/leads.csv", c) as any)),
  page("/admin/channels", "channels", (c) => channelsLoader(get("/admin/channels", c) as any)),
  page("/admin/channels.csv", "channels", (c) =>
    channelsCsvLoader(get("/admin/channels.csv", c) as any),
  ),
  page("/admin/accounts", "accounts", (c) => accountsLoader(get("/admin/accounts", c) as any)),
  answers("POST /admin/accounts (invite)", "accounts", 200, (c) =>
    accountsAction(
      post("/admin/accounts", c, {
        intent: "invite",
        email: `new-${role}@example.com`,
        role: "consultant",
        sites: SITE,
      }) as any,
    ),
  ),
  page("/admin/accounts/:id", "accounts", (c) =>
    accountLoader(get(`/admin/accounts/${ids.target}`, c, { id: ids.target }) as any),
  ),
  answers("POST /admin/accounts/:id", "accounts", 302, (c) =>
    accountAction(post(`/admin/accounts/${ids.target}`, c, asEditor, { id: ids.target }) as any),
  ),
];

describe.each(engines())("each role's areas, route by route ($name)", (engine) => {
  const t = useTestDb(engine);

  async function seed() {
    const consultant = await agencyAndConsultant(t.db(), SITE);
    await upsertAdmin("editor@example.com", TEST_PASSWORD, { role: "editor", sites: [SITE] });
    await upsertAdmin("target@example.com", TEST_PASSWORD, { role: "editor", sites: [SITE] });
    // The lead is given to the consultant, whose card it is to work.
    await saveAssignment(SITE, { autoAssign: true, active: [consultant] });
    const lead = await createLead(requireSite(SITE), inquiry, { ip: "1", source: "/" });
    if (lead.status !== "created") throw new Error(lead.status);
    const card = (await t
      .db()
      .get<{ customer_id: string }>("SELECT customer_id FROM leads WHERE id = $1", [lead.id]))!
      .customer_id;
    const agency = await cookieOf("agency@example.com", SITE);
    const created = (await pressNewAction(
      post("/admin/press/new", agency, pressForm("처음 글")) as any,
    )) as Response;
    const postId = /created=([a-z0-9]+)/.exec(created.headers.get("location") ?? "")![1]!;
    const target = (await t
      .db()
      .get<{ id: string }>("SELECT id FROM admins WHERE email = 'target@example.com'"))!.id;
    return { card, post: postId, target };
  }

  it.each(ROLES)(
    "%s: every loader and action of its areas answers; every other one answers 404",
    async (role) => {
      const ids = await seed();
      const cookie = await cookieOf(`${role}@example.com`, SITE);
      const answered: string[] = [];
      const expected: string[] = [];
      for (const call of calls(ids, role)) {
        answered.push(`${call.name} ${await statusOf(() => call.run(cookie))}`);
        expected.push(`${call.name} ${OPENS[role].includes(call.area) ? call.ok : 404}`);
      }
      expect(answered).toEqual(expected);
    },
  );

  it("a refused change changes nothing: the consultant's 운영 정보, press and assignment, the editor's card status and memo", async () => {
    const ids = await seed();
    const consultant = await cookieOf("consultant@example.com", SITE);
    const editor = await cookieOf("editor@example.com", SITE);
    const posts = () => t.db().all("SELECT id FROM press_posts");
    const before = await posts();
    await statusOf(() =>
      operationsAction(
        post("/admin/operations", consultant, {
          intent: "contact",
          phone: "1600-9999",
          contactHours: "",
        }) as any,
      ),
    );
    await statusOf(() =>
      pressListAction(
        post(`/${PRESS}/press`, consultant, pressForm("상담원의 글"), { site: PRESS }) as any,
      ),
    );
    const cards = () => t.db().all("SELECT status, memo, consultant_id FROM customers");
    const cardsBefore = await cards();
    const settings = () => t.db().all("SELECT * FROM crm_settings");
    const settingsBefore = await settings();
    const onCard = (cookie: string, form: Record<string, string>) =>
      statusOf(() =>
        cardAction(post(`/admin/leads/${ids.card}`, cookie, form, { customerId: ids.card }) as any),
      );
    expect(await onCard(editor, { intent: "status", status: "on_hold" })).toBe(404);
    expect(await onCard(editor, { intent: "memo", memo: "편집자" })).toBe(404);
    // The consultant works their card, but the complex's assignment is the agency's.
    expect(
      await statusOf(() =>
        leadsAction(post("/admin/leads", consultant, { autoAssign: "" }) as any),
      ),
    ).toBe(403);
    expect((await readLive(SITE)).size).toBe(0);
    expect(await posts()).toEqual(before);
    expect(await cards()).toEqual(cardsBefore);
    expect(await settings()).toEqual(settingsBefore);
  });

  it("the menu and /admin list only the desks of the role; the public press list shows the write form only to those who write", async () => {
    await seed();
    const desks: Record<string, unknown> = {};
    for (const role of ROLES) {
      const cookie = await cookieOf(`${role}@example.com`, SITE);
      const layout = (await layoutLoader(get("/admin", cookie) as any)) as { areas: Area[] };
      const home = (await homeLoader(get("/admin", cookie) as any)) as {
        areas: Area[];
        posts: number | null;
        newLeads: number | null;
        portfolio: { rows: { siteId: string; weekLeads: number }[] } | null;
      };
      expect(home.areas).toEqual(layout.areas);
      const list = (await pressListLoader(
        get(`/${PRESS}/press`, cookie, { site: PRESS }) as any,
      )) as {
        data: { admin: { writes: boolean } | null };
      };
      desks[role] = {
        areas: layout.areas,
        posts: home.posts,
        newLeads: home.newLeads,
        // The portfolio of every complex is the agency's home only.
        portfolio: home.portfolio?.rows.map((r) => [r.siteId, r.weekLeads]) ?? null,
        writes: list.data.admin?.writes,
      };
    }
    expect(desks).toEqual({
      agency: {
        areas: ["content", "press", "leads", "channels", "accounts", "complexes"],
        posts: 1,
        newLeads: 1,
        portfolio: PORTFOLIO,
        writes: true,
      },
      editor: {
        areas: ["content", "press", "channels"],
        posts: 1,
        newLeads: null,
        portfolio: null,
        writes: true,
      },
      // A consultant sees no count of press posts, and the press list without its write form.
      consultant: { areas: ["leads"], posts: null, newLeads: 1, portfolio: null, writes: false },
    });
  });

  it("an editor or a consultant of another complex gets the same 404 on this one's desks as outside their role", async () => {
    await upsertAdmin("anyang-editor@example.com", TEST_PASSWORD, {
      role: "editor",
      sites: ["anyang"],
    });
    await upsertAdmin("anyang-consultant@example.com", TEST_PASSWORD, {
      role: "consultant",
      sites: ["anyang", SITE],
    });
    // Signed in on anyang; the cookie sent to suwon's host (the same cookie jar on one machine).
    const editor = await cookieOf("anyang-editor@example.com", "anyang");
    expect(await statusOf(() => operationsLoader(get("/admin/operations", editor) as any))).toBe(
      404,
    );
    // A consultant of both complexes uses suwon's desk.
    const consultant = await cookieOf("anyang-consultant@example.com", "anyang");
    expect(await statusOf(() => leadsLoader(get("/admin/leads", consultant) as any))).toBe(200);
  });

  it("단지 관리 is the agency's alone; a complex's publishing is content's, its take-down the agency's", async () => {
    await seed();
    await loadStore();
    const status = async (role: Role) => {
      const cookie = await cookieOf(`${role}@example.com`, SITE);
      const params = { siteId: SITE };
      return [
        await statusOf(() => sitesLoader(get("/admin/sites", cookie) as any)),
        await statusOf(() => siteLoader(get(`/admin/sites/${SITE}`, cookie, params) as any)),
        await statusOf(() =>
          siteAction(post(`/admin/sites/${SITE}`, cookie, { intent: "unpublish" }, params) as any),
        ),
      ];
    };
    expect(await status("agency")).toEqual([200, 200, 302]);
    expect(await status("editor")).toEqual([404, 200, 404]);
    expect(await status("consultant")).toEqual([404, 404, 404]);
  });

  it("새 단지's guided start is the agency's alone; the editor's search is content's", async () => {
    await seed();
    await loadStore();
    const status = async (role: Role) => {
      const cookie = await cookieOf(`${role}@example.com`, SITE);
      const step = { siteId: SITE, step: "confirm" };
      return [
        await statusOf(() => sitesNewLoader(get("/admin/sites/new", cookie) as any)),
        await statusOf(() =>
          startLoader(get(`/admin/sites/${SITE}/start/confirm`, cookie, step) as any),
        ),
        await statusOf(() =>
          contentSearchLoader(get("/admin/content/search?q=전화", cookie) as any),
        ),
      ];
    };
    expect(await status("agency")).toEqual([200, 200, 200]);
    expect(await status("editor")).toEqual([404, 404, 200]);
    expect(await status("consultant")).toEqual([404, 404, 404]);
  });
});

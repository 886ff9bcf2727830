import { ADMIN_LAYOUT_ID } from "~/lib/admin-page";
import { JSDOM } from "jsdom";
import { renderToString } from "react-dom/server";
import { createRoutesStub, Outlet } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { upsertAdmin } from "~/auth/admin.server";
import { cookieOf, TEST_PASSWORD } from "~/auth/test-support";
import { engines, useTestDb } from "~/db/test-support";
import { isConsolePage } from "~/lib/route-hydration";
import type { RootData } from "~/lib/site";
import { createComplex } from "~/console/complexes.server";
import { siteById } from "~/sites/registry.server";
import { handle as inviteHandle } from "./accounts/invite";
import AdminLayout, { handle, loader } from "./layout";
import { loader as pressLoader } from "./press/press";
import { action as pressNewAction } from "./press/press.new";
import { handle as loginHandle } from "./login";
import { signInAgency } from "./test-support";

/*
 * Issue 39, item 6: the console's own frame. Console pages wore the default complex's public
 * header, footer and phone bar (방문예약 / 전화상담), and the menu's 콘텐츠 편집 opened the host's
 * complex, not the one being worked on (`?site=<id>`). Now the frame names the complex worked on
 * (name and host), lists every complex of the account by name, and every link keeps it.
 */

const PORT = 4173;
const on = (siteId: string) => `http://${siteId}.localhost:${PORT}`;
const ANYANG = "라움하임 평촌 센트럴";
const SUWON = "아벨루스 광교 레이크파크";

type LayoutData = Awaited<ReturnType<typeof loader>>;

async function frame(url: string, cookie: string, params: Record<string, string> = {}) {
  const request = new Request(url, { headers: { cookie } });
  return (await loader({ request, context: {}, params } as never)) as LayoutData;
}

/** A console page at `path` in its frame, the root loader's complex being `siteId`'s. */
function renderConsole(path: string, data: LayoutData, siteId: string) {
  const site = siteById(siteId)!;
  const root: RootData = { site, siteUrl: on(siteId) };
  const layoutProps: unknown = { loaderData: data };
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: () => <Outlet />,
      children: [
        {
          id: ADMIN_LAYOUT_ID,
          path: "admin/*",
          handle,
          Component: () => <AdminLayout {...(layoutProps as Parameters<typeof AdminLayout>[0])} />,
          children: [{ index: true, Component: () => <h1>콘텐츠 편집</h1> }],
        },
      ],
    },
  ]);
  const html = renderToString(
    <Stub
      initialEntries={[path]}
      hydrationData={{ loaderData: { root, [ADMIN_LAYOUT_ID]: data } }}
    />,
  );
  return new JSDOM(html).window.document;
}

describe.each(engines())("the console's frame ($name)", (engine) => {
  useTestDb(engine);
  let agency: string;
  beforeEach(async () => {
    agency = await signInAgency(`http://localhost:${PORT}`, "anyang");
  });

  it("works on ?site=<id>: names it with its host, lists every complex by name, keeps it in every link", async () => {
    const d = await frame(`${on("anyang")}/admin/content?site=suwon`, agency);
    expect(d.current).toMatchObject({ id: "suwon", name: SUWON });
    expect(d.complexes.map((c) => c.name)).toEqual([ANYANG, SUWON]);

    const doc = renderConsole("/admin/content?site=suwon", d, "anyang");
    const header = doc.querySelector(".console-header")!;
    expect(header.querySelector(".console-site-name")!.textContent).toBe(SUWON);
    expect(header.querySelector(".console-site-host")!.textContent).toBe(d.current.host);
    expect(header.textContent).toContain("agency@example.com");
    expect(header.querySelector("button")!.textContent).toBe("로그아웃");

    const menu = [...doc.querySelectorAll('nav[aria-label="관리자 메뉴"] a')];
    const content = menu.find((a) => a.textContent === "콘텐츠 편집")!;
    expect(content.getAttribute("href")).toBe("/admin/content?site=suwon");
    for (const a of menu) expect(a.getAttribute("href")).toMatch(/\?site=suwon$/);

    // 단지 바꾸기: each complex by name, to the same page for that complex.
    const choices = [...header.querySelectorAll(".console-switch a")].map((a) => [
      a.querySelector(".console-switch-name")!.textContent,
      a.getAttribute("href"),
      a.getAttribute("aria-current"),
    ]);
    expect(choices).toEqual([
      [ANYANG, "/admin/content", null],
      [SUWON, "/admin/content?site=suwon", "true"],
    ]);
  });

  it("never shows the complex's public header, footer or phone bar: root.tsx leaves them off console pages", () => {
    // root.tsx draws the public header, footer, phone bar and popup only where no route is the
    // console's (the browser test console-shell checks the page as served).
    for (const h of [handle, loginHandle, inviteHandle])
      expect(isConsolePage([{ handle: h }])).toBe(true);
    expect(isConsolePage([{ handle: { hydrate: true } }, { handle: undefined }])).toBe(false);
  });

  it("has one <main> after the console's header, the skip link's target", async () => {
    const d = await frame(`${on("anyang")}/admin/content`, agency);
    const doc = renderConsole("/admin/content", d, "anyang");
    expect(doc.querySelectorAll("main#main")).toHaveLength(1);
    expect(doc.querySelector("main#main .console-header")).toBeNull();
    expect(doc.querySelector(".console-header + main#main")).not.toBeNull();
  });

  it("a complex made a moment ago, before this instance's next sync, is named by its 단지명, not its id", async () => {
    const made = await createComplex(
      { id: "dongtan", name: "힐스테이트 동탄 레이크", hosts: [], copyFrom: "anyang" },
      "agency@example.com",
    );
    expect(made.ok).toBe(true);
    expect(siteById("dongtan")).toBeUndefined();
    const page = await frame(`${on("anyang")}/admin/sites/dongtan/start/color`, agency, {
      siteId: "dongtan",
    });
    expect(page.current).toMatchObject({ id: "dongtan", name: "힐스테이트 동탄 레이크" });
  });

  it("a complex's own page works on that complex; an account's complexes only", async () => {
    const page = await frame(`${on("anyang")}/admin/sites/suwon`, agency, { siteId: "suwon" });
    expect(page.current.id).toBe("suwon");
    expect(page.query).toBe("?site=suwon");

    await upsertAdmin("editor@example.com", TEST_PASSWORD, { sites: ["anyang"] });
    const editor = await cookieOf("editor@example.com", "anyang");
    const own = await frame(`${on("anyang")}/admin/content?site=suwon`, editor);
    expect(own.current.id).toBe("anyang");
    expect(own.query).toBe("");
    expect(own.complexes.map((c) => c.id)).toEqual(["anyang"]);
  });

  it("보도자료 관리 keeps the complex worked on: a post written with ?site=suwon is suwon's, and its list stays there", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      intent: "create",
      title: "광교 소식",
      summary: "요약",
      body: "본문",
      pressDate: "2026-03-01",
      publish: "now",
    }))
      form.set(k, v);
    const request = new Request(`${on("anyang")}/admin/press/new?site=suwon`, {
      method: "POST",
      headers: { cookie: agency, origin: on("anyang") },
      body: form,
    });
    const created = (await pressNewAction({
      request,
      context: {},
      params: {},
    } as never)) as Response;
    const location = created.headers.get("location")!;
    expect(location).toMatch(/^\/admin\/press\?site=suwon&created=/);

    const list = async (query: string) =>
      (await pressLoader({
        request: new Request(`${on("anyang")}/admin/press${query}`, {
          headers: { cookie: agency },
        }),
        context: {},
        params: {},
      } as never)) as Awaited<ReturnType<typeof pressLoader>>;
    const suwon = await list("?site=suwon");
    expect(suwon.posts.map((p) => p.title)).toEqual(["광교 소식"]);
    expect(suwon.query).toBe("?site=suwon");
    // Its posts are read on suwon's own address.
    expect(suwon.origin).toBe("https://gwanggyo-lakepark.example.com");
    expect((await list("")).posts.map((p) => p.title)).not.toContain("광교 소식");
  });
});

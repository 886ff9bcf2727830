import { JSDOM } from "jsdom";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { upsertAdmin } from "~/auth/admin.server";
import { cookieOf, TEST_PASSWORD } from "~/auth/test-support";
import { LeftoversPanel } from "~/components/console/leftovers";
import { engines, useTestDb } from "~/db/test-support";
import type { LeftoverList } from "~/console/leftovers";
import { loadStore } from "~/console/sync.server";
import { resetSites } from "~/sites/registry.server";
import { action as contentAction, loader as contentLoader, type ContentAnswer } from "./content";
import AdminSite, { action as siteAction, loader as siteLoader } from "./site";
import { action as sitesAction } from "./sites.new";

/*
 * Issue 39, item 4, through the console's own routes: 새 단지 copied from anyang; 게시 is refused,
 * each field still holding anyang's identity listed with its Korean label trail and a link to it;
 * the editor lists them as 원본 단지 내용 (N곳); once each is marked 그대로 두기, it is published.
 */

const ORIGIN = "http://anyang.localhost";
/** The editor's section the leftovers panel is seen on here (every section shows it). */
const SECTION = { group: "identity" };

type Args = { request: Request; context: object; params: Record<string, string> };
const call = <T,>(run: (args: never) => T, request: Request, params: Record<string, string> = {}) =>
  run({ request, context: {}, params } as Args as never);

function post(path: string, cookie: string, body: FormData) {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { cookie, origin: ORIGIN },
    body,
  });
}
const get = (path: string, cookie: string) =>
  new Request(`${ORIGIN}${path}`, { headers: { cookie } });

type Answer<T> = { data: T; init?: { status?: number } };
type Problem = { path: string; id: string; label: string; message: string; leftover: boolean };

/** A page's component rendered on the server with its data, parsed as a browser does. */
function rendered(element: () => React.ReactElement, path: string) {
  const Stub = createRoutesStub([{ path: "*", Component: element }]);
  return new JSDOM(renderToString(<Stub initialEntries={[path]} />)).window.document;
}

describe.each(engines())("a copy's leftovers in the console ($name)", (engine) => {
  useTestDb(engine);
  let cookie: string;
  beforeEach(async () => {
    resetSites();
    await loadStore();
    await upsertAdmin("agency@example.com", TEST_PASSWORD);
    cookie = await cookieOf("agency@example.com", "anyang");
    const made = new FormData();
    made.set("name", "힐스테이트 동탄 레이크");
    made.set("id", "dongtan");
    made.set("hosts", "");
    made.set("copyFrom", "anyang");
    const created = (await call(sitesAction, post("/admin/sites/new", cookie, made))) as Response;
    expect(created.headers.get("Location")).toBe("/admin/sites/dongtan/start/color");
  });

  async function publish() {
    const body = new FormData();
    body.set("intent", "publish");
    return (await call(siteAction, post("/admin/sites/dongtan", cookie, body), {
      siteId: "dongtan",
    })) as Response | Answer<{ problems: Problem[] }>;
  }

  /** A form sent from the leftovers list (그대로 두기, 다시 묻기): the content action's answer. */
  async function sendLeftovers(form: FormData) {
    return (await call(
      contentAction,
      post("/admin/content/identity?site=dongtan&leftovers", cookie, form),
      SECTION,
    )) as Answer<ContentAnswer>;
  }

  it("refuses 게시 with a labelled link to each leftover field; marked kept, it publishes", async () => {
    const refused = await publish();
    if (refused instanceof Response) throw new Error(`published: ${refused.status}`);
    expect(refused.init?.status).toBe(400);
    expect(refused.data.problems).toContainEqual({
      path: "identity.brand",
      id: "f-identity.brand",
      label: "단지 기본 정보 › 브랜드",
      message: "원본 단지 내용 “라움하임”(브랜드)이(가) 남아 있습니다",
      leftover: true,
    });
    expect(refused.data.problems).toContainEqual(
      expect.objectContaining({
        path: "familySites.0.name",
        message: "원본 단지 내용 “한결건설”(시공)이(가) 남아 있습니다",
      }),
    );

    // The publish page as the editor sees it: the list, each a link to its field.
    const loaded = (await call(siteLoader, get("/admin/sites/dongtan", cookie), {
      siteId: "dongtan",
    })) as Answer<Parameters<typeof AdminSite>[0]["loaderData"]>;
    const page = rendered(
      () => (
        <AdminSite
          loaderData={loaded.data}
          actionData={refused.data as never}
          params={{ siteId: "dongtan" }}
          matches={[] as never}
        />
      ),
      "/admin/sites/dongtan",
    );
    const alert = page.querySelector("[role=alert]")!;
    expect(alert.textContent).toContain(
      `게시하지 못했습니다. 아래 ${refused.data.problems.length}곳을 고쳐 주세요.`,
    );
    expect(alert.textContent).toContain("원본 단지(라움하임 평촌 센트럴)의 내용이 남은 곳은");
    const link = [...alert.querySelectorAll("a")].find((a) =>
      a.textContent?.startsWith("단지 기본 정보 › 브랜드"),
    );
    expect(link?.getAttribute("href")).toBe(
      "/admin/content/identity?site=dongtan#f-identity.brand",
    );
    expect(link?.textContent).toBe(
      "단지 기본 정보 › 브랜드: 원본 단지 내용 “라움하임”(브랜드)이(가) 남아 있습니다",
    );

    // The editor: 원본 단지 내용 (N곳), each a link to its field.
    const content = (await call(
      contentLoader,
      get("/admin/content/identity?site=dongtan", cookie),
      SECTION,
    )) as Answer<{
      leftovers: LeftoverList;
    }>;
    const list = content.data.leftovers;
    expect(list.open.length).toBe(refused.data.problems.length);
    const editor = rendered(
      () => (
        <LeftoversPanel
          list={list}
          action="/admin/content/identity?site=dongtan&leftovers"
          at={{ siteId: "dongtan", group: "identity" }}
        />
      ),
      "/admin/content/identity?site=dongtan",
    );
    expect(editor.querySelector("summary")?.textContent).toBe(
      `원본 단지 내용 (${list.open.length}곳)`,
    );
    expect(editor.querySelector('a[href="#f-identity.brand"]')?.textContent).toBe(
      "단지 기본 정보 › 브랜드: “라움하임”(브랜드)",
    );

    // Every one marked 그대로 두기 (ticked, one button): nothing left, and 게시 goes through.
    const keep = new FormData();
    for (const row of list.open) keep.append("keep", row.path);
    keep.set("$leftovers", "keep");
    const kept = await sendLeftovers(keep);
    if (kept.data.kind !== "leftovers") throw new Error(kept.data.kind);
    expect(kept.data.leftovers?.open).toEqual([]);
    expect(kept.data.leftovers?.kept.length).toBe(list.open.length);
    expect(kept.data.message).toBe(`${list.open.length}곳을 그대로 두기로 했습니다.`);
    const published = await publish();
    expect(published instanceof Response ? published.headers.get("Location") : published.data).toBe(
      "/admin/sites/dongtan?done=published",
    );
  });

  it("a kept field asked about again blocks 게시 once more", async () => {
    const keep = new FormData();
    keep.append("keep", "identity.builder");
    keep.set("$leftovers", "keep");
    await sendLeftovers(keep);
    const ask = new FormData();
    ask.set("$leftovers", "ask:identity.builder");
    const asked = await sendLeftovers(ask);
    if (asked.data.kind !== "leftovers") throw new Error(asked.data.kind);
    expect(asked.data.leftovers?.kept).toEqual([]);
    expect(asked.data.leftovers?.open.map((r) => r.path)).toContain("identity.builder");
  });
});

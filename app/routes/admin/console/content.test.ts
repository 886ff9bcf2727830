import { beforeEach, describe, expect, it } from "vitest";
import { upsertAdmin } from "~/auth/admin.server";
import { cookieOf, TEST_PASSWORD, thrownStatus } from "~/auth/test-support";
import { renderForm, sentEntries } from "~/components/console/test-support";
import type { Site } from "~/content/schema";
import { engines, useTestDb } from "~/db/test-support";
import { fieldId } from "~/console/form-schema";
import { getDraft, saveDraft } from "~/console/content-store.server";
import { siteById } from "~/sites/registry.server";
import { action, loader, type ContentAnswer } from "./content";
import { loadStore } from "~/console/sync.server";

/*
 * 콘텐츠 편집: the draft of the request's complex (or ?site=), saved whatever it holds and checked
 * with the build's rules. Each bad value is answered with its Korean message under the field's name
 * (shown beside it, linked from the list at the top), and the values as they were sent, so nothing
 * typed is lost. A save based on an older draft is refused, naming the fields that differ.
 */

type Args = Parameters<typeof action>[0];

function post(
  siteId: string,
  cookie: string,
  body: FormData,
  { group = "identity", origin = `http://${siteId}.localhost`, search = "" } = {},
) {
  const request = new Request(`http://${siteId}.localhost/admin/content/${group}${search}`, {
    method: "POST",
    headers: { cookie, origin },
    body,
  });
  return action({ request, context: {}, params: { group } } as unknown as Args);
}

/** A section's page as the loader answers it. */
async function sectionPage(siteId: string, cookie: string, group: string, search = "") {
  const answer = (await loader({
    request: new Request(`http://${siteId}.localhost/admin/content/${group}${search}`, {
      headers: { cookie },
    }),
    context: {},
    params: { group },
  } as unknown as Parameters<typeof loader>[0])) as unknown as {
    data: Awaited<ReturnType<typeof loader>>["data"];
  };
  return answer.data;
}

/** What the action answered: its status and body. */
async function answered(run: Promise<unknown>) {
  const value = (await run) as { data: ContentAnswer; init?: { status?: number } };
  return { status: value.init?.status ?? 200, body: value.data };
}

/** The complex's draft. */
async function draftOf(siteId: string) {
  const draft = (await getDraft(siteId))!;
  return { site: draft.content as unknown as Site, revision: draft.revision };
}

/** The draft's form as a browser sends it (based on `revision`), after `edit` changes some fields. */
function sentForm(
  { site, revision }: { site: Site; revision: number },
  edit: (entries: Map<string, string>) => void = () => {},
  drawn: Parameters<typeof renderForm>[1] = {},
) {
  const { form } = renderForm(site, drawn);
  const entries = new Map(sentEntries(form).map(([k, v]) => [k, String(v)]));
  entries.set("$revision", String(revision));
  edit(entries);
  const body = new FormData();
  for (const [k, v] of entries) body.append(k, v);
  return body;
}

describe.each(engines())("콘텐츠 편집 ($name)", (engine) => {
  useTestDb(engine);
  beforeEach(() => loadStore());

  it("shows the request's complex, or ?site= within the account's complexes; 404 to others", async () => {
    await upsertAdmin("suwon@example.com", TEST_PASSWORD, { sites: ["suwon"] });
    const cookie = await cookieOf("suwon@example.com", "suwon");
    const page = (siteId: string, search = "", group = "identity") =>
      loader({
        request: new Request(`http://${siteId}.localhost/admin/content/${group}${search}`, {
          headers: { cookie },
        }),
        context: {},
        params: { group },
      } as unknown as Parameters<typeof loader>[0]);
    const own = (await page("suwon", "", "other")) as unknown as {
      data: { value: Site; revision: number };
    };
    expect(own.data.value.id).toBe("suwon");
    expect(own.data.revision).toBe(1);
    // A section that does not exist is a page that does not.
    expect(await thrownStatus(() => page("suwon", "", "nowhere"))).toBe(404);
    expect(await thrownStatus(() => page("anyang"))).toBe(404);
    expect(await thrownStatus(() => page("suwon", "?site=anyang"))).toBe(404);
    expect(await thrownStatus(() => page("suwon", "?site=nowhere"))).toBe(404);
    expect(await thrownStatus(() => post("anyang", cookie, new FormData()))).toBe(404);

    await upsertAdmin("all@example.com", TEST_PASSWORD);
    const agency = await cookieOf("all@example.com", "anyang");
    const other = await sectionPage("anyang", agency, "other", "?site=suwon");
    expect([(other.value as Site).id, other.query]).toEqual(["suwon", "?site=suwon"]);
  });

  it("a bad phone, a unit key that does not exist and a missing alt text are saved in the draft, each with the build's Korean message at its field", async () => {
    await upsertAdmin("anyang@example.com", TEST_PASSWORD, { sites: ["anyang"] });
    const cookie = await cookieOf("anyang@example.com", "anyang");
    const draft = await draftOf("anyang");
    const site = draft.site;
    const tab = site.videoTabs.findIndex((t) => t.unitKey !== undefined);
    // The fields' own rules first; the rules across fields (a unit key names a unit type) when
    // those pass, as in the build.
    const phone = await answered(
      post(
        "anyang",
        cookie,
        sentForm(draft, (e) => e.set("identity.phone", "전화번호 아님")),
      ),
    );
    if (phone.body.kind !== "saved") throw new Error(phone.body.kind);
    const body = sentForm({ site, revision: phone.body.revision }, (e) =>
      e.set("unitTypes.1.plan.alt", ""),
    );
    const { status, body: answer } = await answered(
      post("anyang", cookie, body, { group: "units" }),
    );
    expect(status).toBe(200);
    if (answer.kind !== "saved") throw new Error(answer.kind);
    expect(answer.errors).toEqual({
      "identity.phone": ["전화번호 형식이 아닙니다"],
      "unitTypes.1.plan.alt": ["대체 텍스트를 입력해 주세요"],
    });
    // Kept in the draft, never served.
    expect(((await getDraft("anyang"))!.content as unknown as Site).identity.phone).toBe(
      "전화번호 아님",
    );
    expect(siteById("anyang")!.identity.phone).not.toBe("전화번호 아님");
    // The phone put right on its page (the rules across fields run once the fields' own pass).
    const fixed = await answered(
      post("anyang", cookie, sentForm({ site, revision: answer.revision })),
    );
    if (fixed.body.kind !== "saved") throw new Error(fixed.body.kind);
    const unknownKey = await answered(
      post(
        "anyang",
        cookie,
        sentForm({ site, revision: fixed.body.revision }, (e) =>
          e.set(`videoTabs.${tab}.unitKey`, "99Z"),
        ),
        { group: "units" },
      ),
    );
    if (unknownKey.body.kind !== "saved") throw new Error(unknownKey.body.kind);
    expect(unknownKey.body.errors).toEqual({
      [`videoTabs.${tab}.unitKey`]: ["없는 주택형입니다: 99Z"],
    });
    // Listed at the top with the fields' labels, each a link to the field's control.
    expect([...answer.problems, ...unknownKey.body.problems]).toEqual([
      {
        id: fieldId("identity.phone"),
        label: "단지 기본 정보 › 대표 전화",
        message: "전화번호 형식이 아닙니다",
      },
      {
        id: fieldId("unitTypes.1.plan.alt"),
        label: `주택형 › 2. ${site.unitTypes[1]!.label} › 평면도 › 대체 텍스트`,
        message: "대체 텍스트를 입력해 주세요",
      },
      {
        id: fieldId(`videoTabs.${tab}.unitKey`),
        label: `분양영상 › ${tab + 1}. ${site.videoTabs[tab]!.title} › 주택형`,
        message: "없는 주택형입니다: 99Z",
      },
    ]);
    // The values come back as sent (nothing typed is lost), and each message sits beside its field.
    expect((phone.body.value as Site).identity.phone).toBe("전화번호 아님");
    const value = { ...site, ...(unknownKey.body.value as Site) };
    expect(value.videoTabs[tab]!.unitKey).toBe("99Z");
    const { document } = renderForm(value, { errors: unknownKey.body.errors });
    for (const p of unknownKey.body.problems) {
      const control = document.getElementById(p.id)!;
      expect(control.getAttribute("aria-invalid"), p.id).toBe("true");
      expect(document.getElementById(`${p.id}-error`)?.textContent).toBe(p.message);
      expect(control.getAttribute("aria-describedby")).toContain(`${p.id}-error`);
    }
    // The unknown key is kept in its select, marked as not in the list.
    const select = document.getElementById(fieldId(`videoTabs.${tab}.unitKey`))!;
    expect(select.querySelector("option[selected]")?.textContent).toBe("99Z (목록에 없음)");
  }, 60_000);

  it("the draft's form as it is saves unchanged and without problems; its id cannot change", async () => {
    await upsertAdmin("all@example.com", TEST_PASSWORD);
    const cookie = await cookieOf("all@example.com", "suwon");
    const draft = await draftOf("suwon");
    const ok = await answered(post("suwon", cookie, sentForm(draft)));
    expect(ok).toMatchObject({ status: 200, body: { kind: "saved", problems: [], revision: 2 } });
    expect((await getDraft("suwon"))!.content).toEqual(draft.site);
    const renamed = await answered(
      post(
        "suwon",
        cookie,
        sentForm({ ...draft, revision: 2 }, (e) => e.set("id", "anyang")),
        { group: "other" },
      ),
    );
    expect(renamed.body).toMatchObject({
      kind: "saved",
      errors: { id: ["단지 id는 바꿀 수 없습니다 (suwon)"] },
    });
    expect((await getDraft("suwon"))!.content.id).toBe("suwon");
  });

  it("a save based on an older draft is refused with the differing fields named and the typed values kept; 내 내용으로 저장 saves over it", async () => {
    await upsertAdmin("all@example.com", TEST_PASSWORD);
    const cookie = await cookieOf("all@example.com", "anyang");
    const draft = await draftOf("anyang");
    // Another editor saves first.
    const theirs = structuredClone(draft.site) as unknown as Record<string, unknown> & Site;
    theirs.identity.phone = "1600-7777";
    await saveDraft("anyang", theirs, draft, "other@example.com");

    const mine = sentForm(draft, (e) => e.set("identity.name", "내가 고친 이름"));
    const refused = await answered(post("anyang", cookie, mine));
    expect(refused.status).toBe(409);
    if (refused.body.kind !== "stale") throw new Error(refused.body.kind);
    expect(refused.body).toMatchObject({ savedBy: "other@example.com", revision: 1, latest: 2 });
    expect(refused.body.changed).toEqual(
      expect.arrayContaining(["단지 기본 정보 › 대표 전화", "단지 기본 정보 › 단지명"]),
    );
    expect((refused.body.value as Site).identity.name).toBe("내가 고친 이름");
    expect(((await getDraft("anyang"))!.content as unknown as Site).identity.name).not.toBe(
      "내가 고친 이름",
    );

    expect(refused.body.byOther).toBe(false);

    // With the script the form sends the draft it started from: only the other editor's field.
    mine.set("$base", JSON.stringify(draft.site));
    const named = await answered(post("anyang", cookie, mine));
    if (named.body.kind !== "stale") throw new Error(named.body.kind);
    expect(named.body).toMatchObject({ byOther: true, changed: ["단지 기본 정보 › 대표 전화"] });

    mine.set("$intent", "overwrite");
    mine.set("$latest", String(refused.body.latest));
    const over = await answered(post("anyang", cookie, mine));
    expect(over.body).toMatchObject({ kind: "saved", revision: 3 });
    expect(((await getDraft("anyang"))!.content as unknown as Site).identity.name).toBe(
      "내가 고친 이름",
    );
  });

  it("a list's button without the script: the entry moves, and the form comes back with the focus on it", async () => {
    await upsertAdmin("all@example.com", TEST_PASSWORD);
    const cookie = await cookieOf("all@example.com", "anyang");
    const draft = await draftOf("anyang");
    const site = draft.site;
    // The page's entry opened first (a long list's entries are folded undrawn): its title typed.
    const body = sentForm(draft, (e) => e.set("pages.1.title", "고친 제목"), {
      focus: fieldId("pages.1.title"),
    });
    body.set("$op", "down:pages.1");
    const { body: answer } = await answered(post("anyang", cookie, body, { group: "pages" }));
    if (answer.kind !== "edit") throw new Error(answer.kind);
    const pages = (answer.value as Site).pages;
    expect(pages[2]!.title).toBe("고친 제목");
    expect(pages[1]!.path).toBe(site.pages[2]!.path);
    expect(answer.focus).toBe(fieldId("pages.2-down"));
    expect(answer.message).toBe("페이지: 2번째 항목을 3번째로 옮겼습니다.");
    // Nothing is saved by an edit of a list; the form keeps its base.
    expect(answer.revision).toBe(1);
    expect((await getDraft("anyang"))!.revision).toBe(1);
  });

  it("a long list's folded entry is sent whole; its 펼쳐서 고치기 without the script brings the form back with it drawn and focused", async () => {
    await upsertAdmin("all@example.com", TEST_PASSWORD);
    const cookie = await cookieOf("all@example.com", "anyang");
    const draft = await draftOf("anyang");
    const body = sentForm(draft);
    expect(body.get("pages.3.title")).toBeNull();
    expect(JSON.parse(String(body.get("pages.3")))).toEqual(
      JSON.parse(JSON.stringify(draft.site.pages[3])),
    );
    body.set("$op", "open:pages.3");
    const { body: answer } = await answered(post("anyang", cookie, body, { group: "pages" }));
    if (answer.kind !== "edit") throw new Error(answer.kind);
    expect((answer.value as Site).pages).toEqual(draft.site.pages);
    expect(answer.focus).toBe(fieldId("pages.3.path"));
    expect(answer.message).toBe("페이지: 4번째 항목을 펼쳤습니다.");
    const { document } = renderForm(answer.value, { focus: answer.focus });
    expect(document.getElementById(fieldId("pages.3.title"))?.getAttribute("value")).toBe(
      draft.site.pages[3]!.title,
    );
    expect(document.getElementById(fieldId("pages.4.title"))).toBeNull();
  });

  it("a section's save posts and changes its own fields only: every other section stays as the draft has it", async () => {
    await upsertAdmin("all@example.com", TEST_PASSWORD);
    const cookie = await cookieOf("all@example.com", "anyang");
    const draft = await draftOf("anyang");
    // The 홈 화면 page's form: its fields only (the page carries no other section's).
    const page = await sectionPage("anyang", cookie, "home");
    expect(Object.keys(page.value as object)).toEqual(["home"]);
    expect(Object.keys((page.schema as { properties: object }).properties)).toEqual(["home"]);
    const { form } = renderForm(page.value, { schema: page.schema as never });
    const names = sentEntries(form).map(([k]) => k);
    expect(names.filter((n) => !n.startsWith("home.") && n !== "home")).toEqual([]);

    // Another editor changes the phone (기본 정보) meanwhile; this page's save, based on the
    // older draft, goes through (another section's change), and keeps theirs.
    const theirs = structuredClone(draft.site);
    theirs.identity.phone = "1600-7777";
    await saveDraft("anyang", theirs as never, draft, "other@example.com");
    const body = new FormData();
    for (const [k, v] of sentEntries(form)) body.append(k, v);
    body.set("home.hero.ctaLabel", "섹션에서 고친 제목");
    body.set("$revision", String(draft.revision));
    body.set("$section", page.sectionHash);
    const saved = await answered(post("anyang", cookie, body, { group: "home" }));
    expect(saved.body).toMatchObject({ kind: "saved", revision: 3 });
    const after = (await draftOf("anyang")).site;
    expect(after.home.hero.ctaLabel).toBe("섹션에서 고친 제목");
    expect(after.identity.phone).toBe("1600-7777");
    // Nothing else moved: the draft is theirs with this one field changed.
    expect(after).toEqual({
      ...theirs,
      home: { ...theirs.home, hero: { ...theirs.home.hero, ctaLabel: "섹션에서 고친 제목" } },
    });
  });

  it("a save based on an older draft is refused when the other editor changed this section, and goes through when they changed another", async () => {
    await upsertAdmin("all@example.com", TEST_PASSWORD);
    const cookie = await cookieOf("all@example.com", "anyang");
    const draft = await draftOf("anyang");
    const identity = await sectionPage("anyang", cookie, "identity");
    const units = await sectionPage("anyang", cookie, "units");
    // Another editor changes the phone (기본 정보).
    const theirs = structuredClone(draft.site);
    theirs.identity.phone = "1600-7777";
    await saveDraft("anyang", theirs as never, draft, "other@example.com");

    // 기본 정보, based on the older draft: refused, without the script too (the page's hash).
    const mine = sentForm(draft, (e) => {
      e.set("identity.name", "내가 고친 이름");
      e.set("$section", identity.sectionHash);
    });
    const refused = await answered(post("anyang", cookie, mine));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ kind: "stale", latest: 2 });
    expect((await draftOf("anyang")).site.identity.name).not.toBe("내가 고친 이름");

    // 주택형, based on the same older draft: merged, both changes kept.
    const label = `${draft.site.unitTypes[0]!.label} 고침`;
    const unitsForm = sentForm(draft, (e) => {
      e.set("unitTypes.0.label", label);
      e.set("$section", units.sectionHash);
    });
    const merged = await answered(post("anyang", cookie, unitsForm, { group: "units" }));
    expect(merged.body).toMatchObject({ kind: "saved", revision: 3 });
    const after = (await draftOf("anyang")).site;
    expect([after.unitTypes[0]!.label, after.identity.phone]).toEqual([label, "1600-7777"]);
    // Its answer: the section's value and what the next save is based on.
    if (merged.body.kind !== "saved") throw new Error(merged.body.kind);
    expect(Object.keys(merged.body.value as object).sort()).toEqual(
      Object.keys(units.value as object).sort(),
    );
    expect(merged.body.sectionHash).not.toBe(units.sectionHash);
  });

  it("each section's page counts its problems, and 항목 찾기 without the script lists fields of every section", async () => {
    await upsertAdmin("all@example.com", TEST_PASSWORD);
    const cookie = await cookieOf("all@example.com", "anyang");
    const draft = await draftOf("anyang");
    const bad = structuredClone(draft.site);
    bad.identity.phone = "전화번호 아님";
    bad.unitTypes[1]!.plan.alt = "";
    await saveDraft("anyang", bad as never, draft, "other@example.com");
    const page = await sectionPage("anyang", cookie, "home", "?q=%EB%8C%80%ED%91%9C%20%EC%83%89");
    const count = (id: string) => page.sections.find((s) => s.id === id)!.problems;
    expect([count("identity"), count("units"), count("home")]).toEqual([1, 1, 0]);
    expect(page.search).toMatchObject({ q: "대표 색" });
    expect(page.search!.results[0]).toMatchObject({
      id: fieldId("identity.color"),
      href: "/admin/content/identity?site=anyang#f-identity.color",
    });
    // The 기본 정보 page shows its own problem at its field.
    const identity = await sectionPage("anyang", cookie, "identity");
    expect(identity.errors).toEqual({ "identity.phone": ["전화번호 형식이 아닙니다"] });
  });

  it("a form from another site is refused", async () => {
    await upsertAdmin("all@example.com", TEST_PASSWORD);
    const cookie = await cookieOf("all@example.com", "anyang");
    const refused = await post("anyang", cookie, new FormData(), {
      origin: "https://evil.example",
    });
    expect(refused).toMatchObject({ init: { status: 403 } });
  });
});
